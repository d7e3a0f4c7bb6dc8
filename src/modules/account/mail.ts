// Sending email over the operator's SMTP server (--smtp-url, --mail-from), through nodemailer. Loaded
// at the first email, not at start. The SMTP password stays inside the transport: never logged.
import type { Transporter } from "nodemailer";

// The transport (smtp-transport.ts) by a path the bundler does not follow, so it stays out of the
// server's bundle: from source the file beside this one; in the binary its own embedded entry point,
// under the bundle root as the build lays it out (build.ts).
const TRANSPORT = import.meta.path.endsWith(".ts")
  ? new URL("./smtp-transport.ts", import.meta.url).href
  : new URL("./modules/account/smtp-transport.js", import.meta.url).href;

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
    (transport ??= import(TRANSPORT).then((module: typeof import("./smtp-transport.ts")) =>
      module.createTransport(config.smtpUrl),
    ));
  return {
    async send(email) {
      await (await transporter()).sendMail({
        from: config.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
    },
  };
}
