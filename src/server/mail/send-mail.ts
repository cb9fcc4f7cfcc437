import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type MailConfig = NonNullable<Config["mail"]>;

/** One pooled transport per SMTP_URL, made on first use (nodemailer loads only then). */
const transports = new Map<string, Promise<Transporter>>();

function transportFor(mail: MailConfig): Promise<Transporter> {
  let transport = transports.get(mail.smtpUrl);
  if (!transport) {
    transport = import("nodemailer").then(({ default: nodemailer }) => {
      const url = new URL(mail.smtpUrl);
      return nodemailer.createTransport({
        host: url.hostname,
        port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
        secure: url.protocol === "smtps:",
        auth: url.username
          ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
          : undefined,
        pool: true,
        maxConnections: 2,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
    });
    transports.set(mail.smtpUrl, transport);
  }
  return transport;
}

/** Send one email through SMTP_URL from MAIL_FROM; throws when the server refuses it. */
export async function sendMail(mail: MailConfig, message: MailMessage): Promise<void> {
  const transport = await transportFor(mail);
  await transport.sendMail({ from: mail.from, ...message });
}

/** Close pooled connections (server shutdown, tests). */
export async function closeMailTransports(): Promise<void> {
  const all = [...transports.values()];
  transports.clear();
  for (const transport of all) (await transport).close();
}

/** Whether this server can send email (SMTP_URL and MAIL_FROM set). */
export function mailConfigured(config: Config): boolean {
  return config.mail !== undefined;
}
