// nodemailer's SMTP transport, on its own: the binary embeds this file as a second entry point
// (build.ts) that mail.ts imports at the first email. Bundled with the server, nodemailer's Node
// built-ins (net, tls, dns, http, zlib, crypto) would load at every start, even for a server that
// never sends mail: Bun hoists a bundled package's built-in imports to the top of the bundle.
import nodemailer from "nodemailer";

export const createTransport = (smtpUrl: string) => nodemailer.createTransport(smtpUrl);
