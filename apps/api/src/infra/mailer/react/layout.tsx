import type * as ReactEmail from "@react-email/components";
import { DEFAULT_LOCALE, type Locale } from "@tessera/shared";
import { loadEmailComponents, loadEmailRenderer } from "../../lazy-packages";
import {
  type Brand,
  contrast,
  type EmailContent,
  FONT,
  oneLine,
  TEXT_BODY,
  TEXT_DARK,
  TEXT_MUTED,
} from "../brand";
import { translator } from "../i18n";

/**
 * React Email's components, loaded by `renderEmail` on first use: about 40 MB of every
 * instance's memory that only sending an e-mail needs.
 */
let C: typeof ReactEmail;

/**
 * One e-mail as data, written twice from the same model: HTML through React Email components
 * (table layout with inline styles, which mail clients render alike) and the plain-text part.
 */
export type EmailModel = {
  brand: Brand;
  /** The recipient's language: the frame's own words and `<html lang>` (English when unset). */
  locale?: Locale;
  subject: string;
  /** The line mail clients show after the subject in the inbox list. */
  preheader: string;
  greetingName?: string | null;
  heading: string;
  paragraphs: string[];
  /** A receipt's lines: label and value, the strong one (the total) stands out. */
  details?: { label: string; value: string; strong?: boolean }[];
  button?: { label: string; url: string };
  notes: string[];
  footer: string;
  /** Where the recipient turns this kind of e-mail off (reminders, digests). */
  unsubscribeUrl?: string;
};

function greeting(m: EmailModel) {
  const t = translator(m.locale ?? DEFAULT_LOCALE);
  return m.greetingName ? t("Hi {name},", { name: oneLine(m.greetingName) }) : t("Hi,");
}

export function renderText(m: EmailModel): string {
  const t = translator(m.locale ?? DEFAULT_LOCALE);
  const width = Math.max(0, ...(m.details ?? []).map((d) => d.label.length)) + 2;
  return [
    m.brand.name,
    "",
    greeting(m),
    "",
    ...m.paragraphs.flatMap((p) => [p, ""]),
    ...(m.details?.length
      ? [...m.details.map((d) => `${`${d.label}:`.padEnd(width)}${d.value}`), ""]
      : []),
    ...(m.button ? [`${m.button.label}:`, m.button.url, ""] : []),
    ...m.notes.flatMap((p) => [p, ""]),
    "--",
    m.footer,
    ...(m.unsubscribeUrl ? ["", `${t("Unsubscribe")}: ${m.unsubscribeUrl}`] : []),
    "",
  ].join("\n");
}

const paragraph = { margin: "0 0 16px", fontFamily: FONT, fontSize: 16, lineHeight: "24px" };
const note = { margin: "0 0 12px", fontFamily: FONT, fontSize: 14, lineHeight: "21px" };

function Details({ rows }: { rows: NonNullable<EmailModel["details"]> }) {
  return (
    <C.Section style={{ margin: "8px 0 16px", borderTop: "1px solid #e5e7eb" }}>
      {rows.map((row) => (
        <C.Row key={row.label} style={{ borderBottom: "1px solid #e5e7eb" }}>
          <C.Column style={{ ...note, margin: 0, padding: "8px 0", color: TEXT_MUTED }}>
            {row.label}
          </C.Column>
          <C.Column
            align="right"
            style={{
              ...note,
              margin: 0,
              padding: "8px 0",
              color: TEXT_DARK,
              fontWeight: row.strong ? 700 : 400,
            }}
          >
            {row.value}
          </C.Column>
        </C.Row>
      ))}
    </C.Section>
  );
}

function BrandedEmail({ model: m }: { model: EmailModel }) {
  const { brand } = m;
  const locale = m.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const color = brand.color;
  // Button text and links stay readable whatever colour a shop picked.
  const buttonText =
    contrast(color, "#ffffff") >= contrast(color, TEXT_DARK) ? "#ffffff" : TEXT_DARK;
  const linkColor = contrast(color, "#ffffff") >= 3 ? color : TEXT_DARK;
  return (
    <C.Html lang={locale}>
      <C.Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{m.subject}</title>
      </C.Head>
      <C.Preview>{m.preheader}</C.Preview>
      <C.Body style={{ margin: 0, padding: "32px 12px", backgroundColor: "#f3f4f6" }}>
        <C.Container
          style={{
            maxWidth: 560,
            backgroundColor: "#ffffff",
            border: "1px solid #e5e7eb",
            borderRadius: 12,
          }}
        >
          <C.Section style={{ height: 6, backgroundColor: color, borderRadius: "12px 12px 0 0" }} />
          <C.Section style={{ padding: "28px 32px 8px", textAlign: "center" }}>
            {brand.logoUrl ? (
              <C.Img
                src={brand.logoUrl}
                alt={brand.name}
                width="64"
                style={{ display: "block", margin: "0 auto 12px", borderRadius: 12 }}
              />
            ) : null}
            <C.Text
              style={{
                margin: 0,
                fontFamily: FONT,
                fontSize: brand.isShop ? 20 : 26,
                lineHeight: brand.isShop ? "28px" : "32px",
                fontWeight: brand.isShop ? 700 : 800,
                color: brand.isShop ? TEXT_DARK : color,
              }}
            >
              {brand.name}
            </C.Text>
          </C.Section>
          <C.Section style={{ padding: "16px 32px 8px" }}>
            <C.Heading
              as="h1"
              style={{ margin: "0 0 16px", fontFamily: FONT, fontSize: 22, color: TEXT_DARK }}
            >
              {m.heading}
            </C.Heading>
            <C.Text style={{ ...paragraph, color: TEXT_BODY }}>{greeting(m)}</C.Text>
            {m.paragraphs.map((p) => (
              <C.Text key={p} style={{ ...paragraph, color: TEXT_BODY }}>
                {p}
              </C.Text>
            ))}
            {m.details?.length ? <Details rows={m.details} /> : null}
          </C.Section>
          {m.button ? (
            <C.Section style={{ padding: "8px 32px 24px", textAlign: "center" }}>
              <C.Button
                href={m.button.url}
                target="_blank"
                style={{
                  display: "inline-block",
                  padding: "14px 28px",
                  fontFamily: FONT,
                  fontSize: 16,
                  fontWeight: 600,
                  color: buttonText,
                  backgroundColor: color,
                  borderRadius: 8,
                  textDecoration: "none",
                }}
              >
                {m.button.label}
              </C.Button>
            </C.Section>
          ) : null}
          <C.Section style={{ padding: "0 32px 16px" }}>
            {m.notes.map((n) => (
              <C.Text key={n} style={{ ...note, color: TEXT_MUTED }}>
                {n}
              </C.Text>
            ))}
            {m.button ? (
              <C.Text style={{ ...note, fontSize: 13, color: TEXT_MUTED }}>
                {t("If the button does not work, copy this link into your browser:")}
                <br />
                <C.Link href={m.button.url} style={{ color: linkColor, wordBreak: "break-all" }}>
                  {m.button.url}
                </C.Link>
              </C.Text>
            ) : null}
          </C.Section>
          <C.Hr style={{ margin: 0, borderColor: "#e5e7eb" }} />
          <C.Section style={{ padding: "16px 32px 28px" }}>
            <C.Text style={{ margin: 0, fontFamily: FONT, fontSize: 12, color: "#9ca3af" }}>
              {m.footer}
            </C.Text>
            {m.unsubscribeUrl ? (
              <C.Text style={{ margin: "8px 0 0", fontFamily: FONT, fontSize: 12 }}>
                <C.Link href={m.unsubscribeUrl} style={{ color: "#6b7280" }}>
                  {t("Unsubscribe")}
                </C.Link>
              </C.Text>
            ) : null}
          </C.Section>
        </C.Container>
      </C.Body>
    </C.Html>
  );
}

/** The subject, both parts and the sender's display name (the shop's on its e-mails). */
export async function renderEmail(m: EmailModel): Promise<EmailContent> {
  C ??= await loadEmailComponents();
  const render = await loadEmailRenderer();
  const content: EmailContent = {
    subject: oneLine(m.subject),
    text: renderText(m),
    html: await render(<BrandedEmail model={m} />),
  };
  if (m.brand.isShop) content.fromName = m.brand.name;
  return content;
}
