// Wrong two-factor codes counted per account, from every network (the login throttle counts them per
// username and network only, so many networks together could check guesses far faster). The
// streak is stored (code_guesses), so a restart does not reset it. Its first FREE_WRONG_CODES are
// checked at once; after that each code waits (model.ts `codeWaitMs`: 2 s, doubling, at most 15
// minutes) and one at a time, answered 429 without being checked. A right code ends the streak, and
// so do 15 minutes without a wrong one after its wait. The owner is told when a streak reaches
// FREE_WRONG_CODES: a notification in the bell and, with SMTP, an email.
//
// Like the throttle, a code is counted when its check starts, synchronously: codes sent at once
// cannot all pass while none has failed yet. A login asks `loginWait` before its password is checked
// (from the stored streak alone, so the answer is the same for a right and a wrong password) and
// `begin` once the password is right.
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import type { Mailer } from "../account/mail.ts";
import { notificationSaid } from "../notifications/model.ts";
import { notify } from "../notifications/service.ts";
import { translate } from "../i18n/messages.ts";
import { DEFAULT_LANGUAGE, languageOf } from "../../shared/languages.ts";
import { CODE_STREAK_QUIET_MS, codeWaitMs, FREE_WRONG_CODES, MAX_CODE_WAIT_MS } from "./model.ts";
import type { CodeStreak, TwoFactorRepository } from "./repository.ts";

export interface CodeGuess {
  failed(): void;
  succeeded(): void;
  // the code was not checked after all (an error)
  cancel(): void;
}

// The streak as it stands at `now`: its wrong codes and when the next may be checked.
export function currentStreak(row: CodeStreak | undefined, now: number): { failures: number; readyAt: number } {
  if (!row) return { failures: 0, readyAt: now };
  const readyAt = row.lastFailedAt + codeWaitMs(row.failures);
  if (now >= readyAt + CODE_STREAK_QUIET_MS) return { failures: 0, readyAt: now };
  return { failures: row.failures, readyAt };
}

export interface CodeGuessDeps {
  db: Db;
  clock: () => number;
  repo: TwoFactorRepository;
  mailer: Mailer | null;
  log: (line: string) => void;
}

export function createCodeGuesses({ db, clock, repo, mailer, log }: CodeGuessDeps) {
  // codes of each account being checked right now
  const checking = new Map<number, number>();
  const move = (userId: number, by: number) => {
    const n = (checking.get(userId) ?? 0) + by;
    if (n > 0) checking.set(userId, n);
    else checking.delete(userId);
  };

  const email = (user: User, network: string, at: number) => {
    if (!mailer) return;
    // (in the user's own language)
    const language = languageOf(user.language) ?? DEFAULT_LANGUAGE;
    const text = translate(language, "server.mail.wrongCodes.text", {
      count: String(FREE_WRONG_CODES),
      username: user.username,
      at: new Date(at).toISOString(),
      network,
      max: String(MAX_CODE_WAIT_MS / 60_000),
    });
    const subject = translate(language, "server.mail.wrongCodes.subject");
    mailer.send({ to: user.email, subject, text }).catch((error) => {
      log(
        `wrong-codes email to ${user.username} failed: ${error instanceof Error ? error.message.split("\n")[0] : "unknown error"}`,
      );
    });
  };

  return {
    // The account's wrong codes in a row now.
    failures: (user: User) => currentStreak(repo.codeStreak(user.id), clock()).failures,
    // A new streak (a setup: the codes of its new secret).
    forget: (user: User) => repo.endCodeStreak(user.id),

    // Seconds before a login's code for this username may be checked (0: now).
    loginWait(username: string): number {
      const now = clock();
      return Math.max(0, (currentStreak(repo.codeStreakByName(username), now).readyAt - now) / 1000);
    },

    // Takes the check of a code for the account (from `network`), or answers the seconds to wait.
    begin(user: User, network: string): CodeGuess | number {
      const now = clock();
      const { failures, readyAt } = currentStreak(repo.codeStreak(user.id), now);
      if (now < readyAt) return (readyAt - now) / 1000;
      const inFlight = checking.get(user.id) ?? 0;
      // past the free ones (counting those being checked), one at a time
      if (inFlight > 0 && failures + inFlight >= FREE_WRONG_CODES) return 1;
      move(user.id, 1);
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        move(user.id, -1);
        return true;
      };
      return {
        failed() {
          if (!settle()) return;
          const at = clock();
          const count = immediate(db, () => {
            const n = currentStreak(repo.codeStreak(user.id), at).failures + 1;
            repo.saveCodeStreak(user.id, n, at);
            if (n === FREE_WRONG_CODES)
              notify(
                db,
                { userId: user.id, kind: "WRONG_CODES", message: notificationSaid.wrongCodes(n, network) },
                at,
              );
            return n;
          });
          if (count === FREE_WRONG_CODES) email(user, network, at);
        },
        succeeded() {
          if (settle()) repo.endCodeStreak(user.id);
        },
        cancel: () => void settle(),
      };
    },
  };
}
export type CodeGuesses = ReturnType<typeof createCodeGuesses>;
