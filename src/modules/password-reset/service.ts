// Password-reset links: the admin's one-time link for a user, "Forgot password?" by email (when the
// operator set SMTP), and setting a new password through a link. A link works once, within an
// hour; using one ends every session of the user.
import type { Actor } from "../../auth/actor.ts";
import { type HashGate, passwordCheckShares } from "../../auth/hash-gate.ts";
import { hashPassword, type PasswordCost } from "../../auth/passwords.ts";
import { requireFreshConfirmation } from "../../auth/step-up.ts";
import { generateSessionToken, sessionIdFromToken } from "../../auth/sessions.ts";
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import { ipGroup, type IpGrouping, ipNetworks } from "../../lib/ip-group.ts";
import { createRateLimit } from "../../lib/rate-limit.ts";
import { HOUR_MS } from "../../lib/time.ts";
import { EMAIL_PATTERN } from "../../lib/validation.ts";
import type { Mailer } from "../account/mail.ts";
import { accountErrors, newPasswordOf, plainNewPassword, SELF_SERVICE } from "../account/model.ts";
import { recordAudit } from "../audit/service.ts";
import { translate } from "../i18n/messages.ts";
import { DEFAULT_LANGUAGE, type Language, languageOf } from "../../shared/languages.ts";
import { createPasswordResetRepository } from "./repository.ts";

// A password-reset link works once, within an hour.
export const RESET_LINK_LIFETIME_MS = HOUR_MS;
// "Forgot password?" requests one network may send in 15 minutes.
export const RESET_REQUESTS_PER_NETWORK = 5;
// One reset email per email address in this window, whatever asks for it.
export const RESET_MAIL_WINDOW_MS = 15 * 60 * 1000;

export interface PasswordResetDeps {
  db: Db;
  clock: () => number;
  // the same gate as the logins' (a reset link's new password is hashed in the same fair line)
  hashGate: HashGate;
  passwordCost?: PasswordCost;
  ipGrouping: () => IpGrouping | string;
  // the operator's SMTP server (--smtp-url), or none: "Forgot password?" then answers MAIL_OFF
  mailer?: Mailer | null;
  log?: (line: string) => void;
}

const textOf = (value: string | null | undefined) => value ?? "";
const firstLine = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : "unknown error");

export function createPasswordResetService({
  db,
  clock,
  hashGate,
  passwordCost,
  ipGrouping,
  mailer = null,
  log = () => {},
}: PasswordResetDeps) {
  const repo = createPasswordResetRepository(db);
  const resetRequests = createRateLimit({
    limit: RESET_REQUESTS_PER_NETWORK,
    windowMs: 15 * 60 * 1000,
    clock,
    message: SELF_SERVICE.resetFlood,
  });
  // Reset links being used right now (their password hashing): a second use waits for nothing.
  const resetting = new Set<string>();

  // A one-time link for a user (its token only in the link; the database keeps its SHA-256).
  const newLink = (userId: number, createdBy: number | null, baseUrl: string, now: number) => {
    const token = generateSessionToken();
    const expiresAt = now + RESET_LINK_LIFETIME_MS;
    repo.insert({ id: sessionIdFromToken(token), userId, expiresAt, createdBy, createdAt: now });
    return { url: `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`, expiresAt };
  };

  // The reset email of requestReset, sent after its answer: for the newest account with that email
  // only, and at most once per email in the window, so nobody can fill an inbox through the form.
  const mailedResets = new Map<string, number>();
  // (in the user's own language, else the request's)
  const mailLink = (mailer: Mailer, email: string, baseUrl: string, asked: Language) => {
    try {
      const now = clock();
      const key = email.toLowerCase();
      const last = mailedResets.get(key);
      if (last !== undefined && now - last < RESET_MAIL_WINDOW_MS) return;
      const found = immediate(db, () => {
        const user = repo.byEmail(email).sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0];
        return user ? { user, link: newLink(user.id, null, baseUrl, now) } : null;
      });
      if (!found) return;
      if (mailedResets.size > 10_000) mailedResets.clear(); // bounded memory
      mailedResets.set(key, now);
      const { user, link } = found;
      const language = languageOf(user.language) ?? asked;
      const text = translate(language, "server.mail.reset.text", { username: user.username, url: link.url });
      const subject = translate(language, "server.mail.reset.subject");
      mailer.send({ to: user.email, subject, text }).catch((error) => {
        log(`password reset email to user #${user.id} failed: ${firstLine(error)}`);
      });
    } catch (error) {
      log(`password reset request failed: ${firstLine(error)}`);
    }
  };

  return {
    // An admin's one-time reset link for a user, valid one hour, in the audit log (without its token).
    // The link hands the account to whoever holds it: a fresh code (without two-factor sign-in, the
    // password) first, as for money (auth/step-up.ts).
    createResetLink(userId: number, actor: Actor, baseUrl: string) {
      requireFreshConfirmation(actor);
      return immediate(db, () => {
        const user = repo.userById(userId);
        if (!user) throw accountErrors.userNotFound();
        const now = clock();
        const link = newLink(user.id, actor.admin.id, baseUrl, now);
        recordAudit(
          db,
          {
            actor: actor.admin,
            action: "user.reset_link",
            targetType: "user",
            targetId: user.id,
            details: { username: user.username },
            ip: actor.ip,
          },
          now,
        );
        return { url: link.url, expiresAt: new Date(link.expiresAt).toISOString() };
      });
    },

    // Sets a new password through a reset link: once, within its hour. Every session of the user
    // ends and their other open links close. The new password is judged once the link is known to
    // be usable (the rule needs its user's name and email; a refused one leaves the link usable),
    // by the estimator in the hash gate's turn. The link is taken before the new password is
    // judged and hashed (300 uses of one link at once judge and hash one password, not 300), and
    // that takes its turn in the hash gate like a login from `ip`'s networks.
    async resetPassword(input: { token?: string | null; newPassword?: string | null }, ip: string) {
      const token = textOf(input.token);
      const id = sessionIdFromToken(token);
      const link = token ? repo.byId(id) : undefined;
      if (!link || link.usedAt !== null || link.expiresAt <= clock() || resetting.has(id))
        throw accountErrors.resetInvalid();
      const owner = repo.userById(link.userId) ?? {};
      const password = plainNewPassword(input.newPassword, owner);
      const hashing = hashGate.tryRun(
        async () => hashPassword(await newPasswordOf(password, owner), passwordCost),
        passwordCheckShares(ipNetworks(ip, ipGrouping() as IpGrouping)),
      );
      if (!hashing) throw accountErrors.loginsAtOnce();
      resetting.add(id);
      try {
        const passwordHash = await hashing;
        immediate(db, () => {
          const now = clock();
          if (!repo.use(id, now)) throw accountErrors.resetInvalid();
          repo.setPassword(link.userId, passwordHash);
          repo.closeAll(link.userId, now);
          repo.endSessions(link.userId);
        });
      } finally {
        resetting.delete(id);
      }
      return { message: SELF_SERVICE.resetDone };
    },

    // Is "Forgot password?" by email on (the operator configured SMTP)?
    mailEnabled: () => mailer !== null,

    // "Forgot password?": emails a reset link for one account with that email (the newest), at most
    // once per email in RESET_MAIL_WINDOW_MS. The answer is the same whether or not one exists, and
    // comes before anything is looked up or written (a turn of the event loop later), so its time
    // says nothing either.
    requestReset(input: { email?: string | null }, ip: string, baseUrl: string, language: Language = DEFAULT_LANGUAGE) {
      if (!mailer) throw accountErrors.mailOff();
      const email = textOf(input.email).trim();
      if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw accountErrors.invalidEmail();
      resetRequests.hit(ipGroup(ip, ipGrouping() as IpGrouping));
      setTimeout(() => mailLink(mailer, email, baseUrl, language), 0);
      return { message: SELF_SERVICE.resetRequested };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
