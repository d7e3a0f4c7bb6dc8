// A real SMTP server for the tests that send email (smtp-server on a free port of 127.0.0.1): it takes
// one login, keeps every mail it receives, and the app talks to it with nodemailer as to any server.
import { SMTPServer } from "smtp-server";

export interface Mail {
  to: string[];
  raw: string;
}

export interface MailServer {
  port: number;
  // Every mail received so far, in order: `received.slice(before)` is what came since `before`.
  received: Mail[];
  close(): Promise<void>;
}

// Starts the server; it accepts `login` and no other (no STARTTLS: the app sends in the clear to 127.0.0.1).
export async function startSmtp(login: { user: string; pass: string }): Promise<MailServer> {
  const received: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onAuth: (auth, _session, callback) =>
      callback(auth.username === login.user && auth.password === login.pass ? null : new Error("bad login"), {
        user: login.user,
      }),
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (smtp.server.address() as { port: number }).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

// The first match of `link` in a received mail, its quoted-printable soft line breaks joined and its
// "=3D" read as "=".
export function linkIn(raw: string, link: RegExp): string | undefined {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .match(link)?.[0];
}
