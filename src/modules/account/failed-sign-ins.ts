// Telling an account's owner that many sign-ins to it failed (the throttle's UNDER_ATTACK, from any
// networks), once a streak: a notification in the bell and, with SMTP, an email. (Whether a name is
// an account's is no secret: registering says so.)
import type { FailedAttempt } from "../../auth/throttle.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { notificationText } from "../notifications/model.ts";
import { notify } from "../notifications/service.ts";
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
      { userId: user.id, kind: "WRONG_PASSWORDS", message: notificationText.failedSignIns(failure.failures, network) },
      at,
    );
    if (!mailer) return;
    const text = [
      `${failure.failures} sign-ins to your XRP faucet account '${user.username}' failed within 15 minutes, the last at ${new Date(at).toISOString()} from the network ${network}: wrong passwords, or the right password without its two-factor code.`,
      "",
      "Nobody is locked out by them: you can sign in as usual. If they were not you, someone is trying to sign in as you: change your password to a long one you use on no other site, on your settings page.",
    ].join("\n");
    mailer.send({ to: user.email, subject: "Failed sign-ins to your account", text }).catch((error) => {
      log(
        `failed sign-ins email to ${user.username} failed: ${error instanceof Error ? error.message.split("\n")[0] : "unknown error"}`,
      );
    });
  };
}
