import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One mail the loopback SMTP server accepted: its envelope and raw MIME text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface LoopbackSmtp {
  /** SMTP_URL for the app server's config. */
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `to` (waits for it, up to `timeoutMs`). */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives (no TLS, no auth).
 * It refuses recipients whose address starts with "refused".
 */
export async function startLoopbackSmtp(): Promise<LoopbackSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("refused")) {
        callback(new Error("550 Mailbox unavailable"));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string) =>
    mails.find((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find(to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a MIME mail with quoted-printable soft breaks and escapes undone. */
export function decodedMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The invitation link a mail carries (the first one). */
export function invitationLinkIn(raw: string): string {
  const match = decodedMail(raw).match(/https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no invitation link in the mail:\n${raw}`);
  return match[0];
}
