import type { PDFFont, PDFPage, RGB } from "pdf-lib";
import { loadPdfLib } from "../../infra/lazy-packages";
import { normalizeColor } from "../../infra/mailer/templates";
import { type Voice, voiceOf } from "./format";
import type { ReceiptPayload, RefundPayload } from "./payloads";
import { receiptLines } from "./templates";

/**
 * The PDF receipt of a transaction: the same lines as the receipt e-mail (`receiptLines`, from
 * the same payload builder), on one A4 page with the shop's name and colour, in the reader's
 * language (`Voice`: a customer's own, the team's English). A refunded payment says so at the top
 * and lists the refund.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
// The text colours, as red, green and blue from 0 to 1.
const DARK = [0.067, 0.094, 0.153] as const;
const MUTED = [0.42, 0.447, 0.502] as const;
const LINE = [0.898, 0.906, 0.922] as const;

function hexChannels(hex: string) {
  const value = normalizeColor(hex);
  const channel = (i: number) => Number.parseInt(value.slice(i, i + 2), 16) / 255;
  return [channel(1), channel(3), channel(5)] as const;
}

/**
 * The standard PDF fonts cover Western European text only (WinAnsi), enough for English,
 * Spanish, French, German and Portuguese: the few typographic signs the receipts use (and the
 * narrow spaces `Intl` puts in French numbers) get their plain equivalents, anything else a "?"
 * rather than a failed file.
 */
function encodable(font: PDFFont) {
  const known = new Set(font.getCharacterSet());
  const plain: Record<string, string> = {
    "−": "-",
    "–": "-",
    "—": "-",
    " ": " ",
    "’": "'",
    "\u202f": "\u00a0",
    "\u2009": " ",
  };
  return (text: string) =>
    [...text]
      .map((ch) => {
        const swapped = plain[ch] ?? ch;
        return known.has(swapped.codePointAt(0) ?? 0) ? swapped : "?";
      })
      .join("");
}

/** Cuts a value to the width left for it, with an ellipsis, so long names stay on the page. */
function fit(text: string, font: PDFFont, size: number, width: number) {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width)
    cut = cut.slice(0, -1);
  return `${cut}...`;
}

type Writer = {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  clean: (t: string) => string;
  dark: RGB;
  muted: RGB;
  line: RGB;
};

function row(w: Writer, y: number, label: string, value: string, strong = false) {
  const size = 11;
  const font = strong ? w.bold : w.regular;
  w.page.drawText(w.clean(label), { x: MARGIN, y, size, font: w.regular, color: w.muted });
  const right = A4.width - MARGIN;
  const text = fit(w.clean(value), font, size, right - MARGIN - 170);
  const width = font.widthOfTextAtSize(text, size);
  w.page.drawText(text, { x: right - width, y, size, font, color: w.dark });
  w.page.drawLine({
    start: { x: MARGIN, y: y - 8 },
    end: { x: right, y: y - 8 },
    thickness: 0.5,
    color: w.line,
  });
}

function refundRows(p: RefundPayload, v: Voice) {
  const rows = [
    { label: v.t("Refunded"), value: v.money(p.amountCents), strong: true },
    { label: v.t("Refund date"), value: v.dateTime(p.refundedAt) },
  ];
  if (p.cashbackUsedCents > 0) {
    rows.push({
      label: v.t("Cashback returned"),
      value: v.money(p.cashbackUsedCents),
      strong: false,
    });
  }
  return rows;
}

export async function renderReceiptPdf(
  p: ReceiptPayload | RefundPayload,
  v: Voice = voiceOf("en", p.shop),
): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const refunded = "refundedAt" in p;
  const number = `${p.shop.id}-${p.transactionId}`;
  doc.setTitle(v.t("Receipt {number} from {shopName}", { number, shopName: p.shop.name }));
  doc.setLanguage(v.locale);
  doc.setAuthor(p.shop.name);
  doc.setCreator("Tessera");
  // A fixed date keeps the same receipt byte-for-byte the same file.
  doc.setCreationDate(new Date(p.paidAt));
  doc.setModificationDate(new Date(refunded ? p.refundedAt : p.paidAt));
  const page = doc.addPage([A4.width, A4.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w: Writer = {
    page,
    regular,
    bold,
    clean: encodable(regular),
    dark: rgb(...DARK),
    muted: rgb(...MUTED),
    line: rgb(...LINE),
  };

  page.drawRectangle({
    x: 0,
    y: A4.height - 8,
    width: A4.width,
    height: 8,
    color: rgb(...hexChannels(p.shop.primaryColor)),
  });
  let y = A4.height - MARGIN - 10;
  page.drawText(w.clean(p.shop.name), { x: MARGIN, y, size: 20, font: bold, color: w.dark });
  y -= 34;
  page.drawText(w.clean(refunded ? v.t("Receipt (refunded)") : v.t("Payment receipt")), {
    x: MARGIN,
    y,
    size: 16,
    font: bold,
    color: w.dark,
  });
  y -= 20;
  const intro = refunded
    ? v.t("This payment was refunded on {date}.", { date: v.dateTime(p.refundedAt) })
    : v.t("Keep this receipt for your records.");
  page.drawText(w.clean(intro), { x: MARGIN, y, size: 11, font: regular, color: w.muted });
  y -= 34;
  for (const line of receiptLines(p, v)) {
    row(w, y, line.label, line.value, line.strong);
    y -= 26;
  }
  if (refunded) {
    y -= 10;
    page.drawText(w.clean(v.t("Refund")), { x: MARGIN, y, size: 13, font: bold, color: w.dark });
    y -= 24;
    for (const line of refundRows(p, v)) {
      row(w, y, line.label, line.value, line.strong);
      y -= 26;
    }
  }
  y -= 16;
  const contact = p.shop.replyTo
    ? v.t("Questions about this payment? Contact {shopName} at {email}.", {
        shopName: p.shop.name,
        email: p.shop.replyTo,
      })
    : v.t("Questions about this payment? Contact {shopName}.", { shopName: p.shop.name });
  page.drawText(fit(w.clean(contact), regular, 10, A4.width - 2 * MARGIN), {
    x: MARGIN,
    y,
    size: 10,
    font: regular,
    color: w.muted,
  });
  return doc.save({ useObjectStreams: false });
}

/** "receipt-12-345.pdf": the shop and the transaction, as the receipt number reads. */
export function receiptFileName(p: ReceiptPayload): string {
  return `receipt-${p.shop.id}-${p.transactionId}.pdf`;
}
