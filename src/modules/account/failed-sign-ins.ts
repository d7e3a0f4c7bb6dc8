// Telling an account's owner that many sign-ins to it failed (the throttle's UNDER_ATTACK, from any
// networks), once a streak: a notification in the bell and, with SMTP, an email. (Whether a name is
// an account's is no secret: registering says so.)
import type { FailedAttempt } from "../../auth/throttle.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { notificationSaid } from "../notifications/model.ts";
import { notify } from "../notifications/service.ts";
import { translate } from "../i18n/messages.ts";
import { DEFAULT_LANGUAGE, languageOf } from "../../shared/languages.ts";
import type { Mailer } from "./mail.ts";

export interface FailedSignInDeps {
  db: Db;
  clock: () => number;
  mailer: Mailer | null;
  log: (line: string) => void;
}

// What a failed sign-in is handed to: the user it was for (none for an unknown name), its network
// and what the throttle counted.
export type FailedSignInAlert = (user: User | undefined, network: string, failure: FailedAttempt) => void;

export function createFailedSignInAlert({ db, clock, mailer, log }: FailedSignInDeps): FailedSignInAlert {
  return (user, network, failure) => {
    if (!failure.tellOwner || !user) return;
    const at = clock();
    notify(
      db,
      { userId: user.id, kind: "WRONG_PASSWORDS", message: notificationSaid.failedSignIns(failure.failures, network) },
      at,
    );
    if (!mailer) return;
    // (in the user's own language)
    const language = languageOf(user.language) ?? DEFAULT_LANGUAGE;
    const text = translate(language, "server.mail.failedSignIns.text", {
      count: String(failure.failures),
      username: user.username,
      at: new Date(at).toISOString(),
      network,
    });
    const subject = translate(language, "server.mail.failedSignIns.subject");
    mailer.send({ to: user.email, subject, text }).catch((error) => {
      log(
        `failed sign-ins email to ${user.username} failed: ${error instanceof Error ? error.message.split("\n")[0] : "unknown error"}`,
      );
    });
  };
}
