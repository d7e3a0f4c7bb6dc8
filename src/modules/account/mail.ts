// Sending email over the operator's SMTP server (--smtp-url, --mail-from), through nodemailer. Loaded
// at the first email, not at start. The SMTP password stays inside the transport: never logged.
import type { Transporter } from "nodemailer";

export interface MailConfig {
  // smtp://user:pass@host:port (or smtps://)
  smtpUrl: string;
  from: string;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(email: Email): Promise<void>;
}

export function createMailer(config: MailConfig): Mailer {
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import("nodemailer").then((nodemailer) =>
      (nodemailer.default ?? nodemailer).createTransport(config.smtpUrl),
    ));
  return {
    async send(email) {
      await (await transporter()).sendMail({ from: config.from, to: email.to, subject: email.subject, text: email.text });
    },
  };
}
