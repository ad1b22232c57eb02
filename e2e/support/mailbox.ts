/** Reads the developer mailbox of a running server: the embedded default when no SMTP is set. */
export async function waitForMail(
  baseUrl: string,
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<{ subject: string; text: string; html: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    if (res.ok) {
      const { messages } = (await res.json()) as {
        messages: { subject: string; text: string; html: string }[];
      };
      const found = messages.find((m) => subject.test(m.subject));
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in a mail's text whose path starts with the prefix. */
export function linkIn(mail: { text: string }, pathPrefix: string): string {
  const link = (mail.text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).find((l) =>
    new URL(l).pathname.startsWith(pathPrefix),
  );
  if (!link) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
  return link;
}
