import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { EmailOutboxRow } from "../../db/schema";
import type { DatabaseHandle } from "../../infra/db";
import { listRecentOutboxEmails } from "../../infra/mailer/outbox-repo";
import { escapeHtml } from "../../infra/mailer/templates";

/**
 * The developer mailbox: what the outbox kept while no SMTP server is configured, so sign-up,
 * verification and password reset work offline. Registered only when `config.devMailbox` is true
 * (no SMTP_URL, not production): it shows live reset links and must never reach a deployment.
 */
export type DevMailboxOptions = { database: Pick<DatabaseHandle, "db"> };

export const DEV_MAILBOX_LIMIT = 50;

const mailboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(254)
    .optional()
    .describe("Only messages to this address (case-insensitive)"),
});

export const devMailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.iso.datetime(),
});

export const devMailboxResponseSchema = z.object({
  messages: z.array(devMailboxMessageSchema),
});

export const devMailboxRoutes: FastifyPluginAsyncZod<DevMailboxOptions> = async (app, opts) => {
  const { db } = opts.database;

  async function listMessages(to: string | undefined) {
    return listRecentOutboxEmails(db, { to: to || undefined, limit: DEV_MAILBOX_LIMIT });
  }

  app.get(
    "/api/dev/mailbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Development only: the newest e-mails kept in the outbox",
        description:
          "Served only while SMTP_URL is unset and NODE_ENV is not production. Browser tests read links from it.",
        querystring: mailboxQuerySchema,
        response: { 200: devMailboxResponseSchema },
      },
    },
    async (request, reply) => {
      const rows = await listMessages(request.query.to);
      reply.header("cache-control", "no-store");
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.text,
          html: row.html,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    "/dev/mailbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Development only: the outbox as a web page",
        description:
          "An HTML page listing the newest 50 e-mails with their links. Served only while SMTP_URL is unset and NODE_ENV is not production.",
        querystring: mailboxQuerySchema,
      },
    },
    async (request, reply) => {
      const to = request.query.to || undefined;
      const rows = await listMessages(to);
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(renderMailboxPage(rows, to));
    },
  );
};

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Every http(s) link of a message, from its plain text (where links are written out whole). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * The message's own HTML goes in a sandboxed `srcdoc` frame: scripts cannot run (no
 * allow-scripts, and the inherited CSP forbids inline script anyway), its styles stay inside,
 * and its links open in the whole window. `frame-src` does not govern srcdoc documents, which are
 * not fetched.
 */
function messageFrame(row: EmailOutboxRow): string {
  const base = '<base target="_top">';
  const html = /<head[^>]*>/i.test(row.html)
    ? row.html.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : `${base}${row.html}`;
  return `<iframe title="${escapeHtml(row.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" loading="lazy" srcdoc="${escapeHtml(html)}" style="display:block;width:100%;height:680px;border:0;border-top:1px solid #e5e7eb;background:#ffffff;"></iframe>`;
}

function messageCard(row: EmailOutboxRow): string {
  const links = linksIn(row.text);
  const linkList = links.length
    ? `<ul style="margin:8px 0 0;padding-left:20px;">${links
        .map(
          (link) =>
            `<li style="margin:4px 0;word-break:break-all;"><a href="${escapeHtml(link)}" style="color:#0077a8;">${escapeHtml(link)}</a></li>`,
        )
        .join("")}</ul>`
    : "";
  const statusNote =
    row.status === "kept"
      ? ""
      : ` · <span style="color:${row.status === "failed" ? "#b91c1c" : "#047857"};">${escapeHtml(row.status)}</span>`;
  return `<article id="message-${row.id}" style="margin:0 0 24px;background:#ffffff;border:1px solid #e5e7eb;border-radius:12px;overflow:hidden;">
<header style="padding:16px 20px;">
<h2 style="margin:0 0 6px;font-size:18px;line-height:24px;color:#111827;">${escapeHtml(row.subject)}</h2>
<p style="margin:0;font-size:14px;color:#4b5563;">To <strong>${escapeHtml(row.toAddress)}</strong> · From ${escapeHtml(row.fromAddress)} · <time datetime="${row.createdAt.toISOString()}">${formatTime(row.createdAt)}</time>${statusNote}</p>
${links.length ? `<p style="margin:12px 0 0;font-size:14px;color:#111827;"><strong>Links</strong></p>${linkList}` : ""}
</header>
${messageFrame(row)}
<details style="padding:12px 20px;border-top:1px solid #e5e7eb;">
<summary style="cursor:pointer;font-size:14px;color:#4b5563;">Plain text version</summary>
<pre style="margin:12px 0 0;white-space:pre-wrap;word-break:break-word;font-size:13px;line-height:19px;color:#111827;">${escapeHtml(row.text)}</pre>
</details>
</article>`;
}

export function renderMailboxPage(rows: EmailOutboxRow[], to?: string): string {
  const filterNote = to
    ? `Showing messages to <strong>${escapeHtml(to)}</strong>. <a href="/dev/mailbox" style="color:#0077a8;">Show all</a>`
    : `The newest ${DEV_MAILBOX_LIMIT} messages, newest first.`;
  const empty = `<p style="padding:32px;text-align:center;background:#ffffff;border:1px dashed #d1d5db;border-radius:12px;color:#4b5563;">No e-mails yet. Sign up or ask for a password reset and the message appears here.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox · Tessera</title>
</head>
<body style="margin:0;background:#f3f4f6;font-family:${FONT};color:#111827;">
<main style="max-width:880px;margin:0 auto;padding:32px 16px;">
<h1 style="margin:0 0 4px;font-size:26px;">Dev mailbox</h1>
<p style="margin:0 0 16px;color:#4b5563;font-size:15px;">E-mails the app would have sent. They are kept here because no SMTP server is configured (set <code>SMTP_URL</code> to send real mail). This page exists only outside production.</p>
<form method="get" action="/dev/mailbox" style="display:flex;gap:8px;flex-wrap:wrap;margin:0 0 12px;">
<label for="to" style="position:absolute;left:-10000px;">Recipient</label>
<input id="to" name="to" type="search" value="${escapeHtml(to ?? "")}" placeholder="Filter by recipient e-mail" style="flex:1;min-width:220px;padding:8px 12px;font-size:15px;border:1px solid #d1d5db;border-radius:8px;">
<button type="submit" style="padding:8px 16px;font-size:15px;border:0;border-radius:8px;background:#0099D8;color:#ffffff;cursor:pointer;">Filter</button>
<a href="${to ? `/dev/mailbox?to=${encodeURIComponent(to)}` : "/dev/mailbox"}" style="align-self:center;color:#0077a8;font-size:15px;">Refresh</a>
</form>
<p style="margin:0 0 20px;color:#4b5563;font-size:14px;">${filterNote}</p>
${rows.length ? rows.map(messageCard).join("\n") : empty}
</main>
</body>
</html>
`;
}
