import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string[]; subject: string; text: string; html: string };

/** A real SMTP server on a free port that keeps what it receives, for following e-mailed links. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      // Parsed whole: mailparser's streamed quoted-printable decoder drops the space before a
      // soft line break when a chunk ends there ("Enviado por =" came out as "porTessera").
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      new Promise<void>((resolve, reject) => {
        stream.on("end", resolve);
        stream.on("error", reject);
      })
        .then(() => simpleParser(Buffer.concat(chunks)))
        .then((mail: ParsedMail) => {
          const to = [mail.to ?? []]
            .flat()
            .flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
          messages.push({
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitFor(to: string, subject?: RegExp, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...messages]
        .reverse()
        .find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    /** The first link in the mail's text that starts with the given path on the app's address. */
    linkIn(mail: CapturedMail, pathPrefix: string): URL {
      const links = mail.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
      const link = links.map((l) => new URL(l)).find((u) => u.pathname.startsWith(pathPrefix));
      if (!link) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
      return link;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
