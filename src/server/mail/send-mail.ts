import nodemailer, { type Transporter } from "nodemailer";
import { AppError } from "#shared/errors.ts";
import type { Config } from "../config.ts";

/**
 * Outgoing email through SMTP (nodemailer), when SMTP_URL and MAIL_FROM are
 * set. One transport per SMTP URL, kept for the life of the process (it pools
 * nothing: each message opens its connection, which suits digests that are
 * minutes apart).
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const transports = new Map<string, Transporter>();

/** Whether this server can send email. */
export function mailConfigured(config: Config): boolean {
  return config.mail !== undefined;
}

/** Send one message; SERVICE_UNAVAILABLE when mail is not configured, the transport's error when sending fails. */
export async function sendMail(config: Config, message: MailMessage): Promise<void> {
  const mail = config.mail;
  if (!mail) throw new AppError("SERVICE_UNAVAILABLE", "Email is not configured on this server.");
  let transport = transports.get(mail.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(mail.smtpUrl);
    transports.set(mail.smtpUrl, transport);
  }
  await transport.sendMail({ from: mail.from, ...message });
}
