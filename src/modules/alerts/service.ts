// Alerts: each condition (checks.ts) is asked once a minute; one that holds is raised once (a row,
// a notification in every admin's bell, one email to every admin when SMTP is set), its message kept
// current while it holds, and cleared when it no longer does. It is raised again, and mailed again,
// only after it cleared.
import type { Db } from "../../db/client.ts";
import type { Alert } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import type { Mailer } from "../account/mail.ts";
import { isWriteFailure } from "../health/service.ts";
import { plural } from "../../shared/words.ts";
import { notify } from "../notifications/service.ts";
import { ALERT_KINDS, type AlertKind, RECENT_ALERTS } from "./model.ts";
import { createAlertRepository } from "./repository.ts";

// A condition: its message while it holds, null when it does not.
export interface AlertCheck {
  kind: AlertKind;
  check(): Promise<string | null> | string | null;
}

export interface AlertDeps {
  db: Db;
  clock: () => number;
  checks: AlertCheck[];
  mailer?: Mailer | null;
  log?: (line: string) => void;
}

export function createAlertService({ db, clock, checks, mailer = null, log = () => {} }: AlertDeps) {
  const repo = createAlertRepository(db);
  let running: Promise<void> | null = null;

  // Alerts that could not be written (the database takes no writes: the very thing one of them is
  // about) are kept here, shown and mailed all the same, and written once the database takes writes.
  const unsaved = new Map<string, Alert>();

  const email = (alert: Pick<Alert, "kind" | "message">, sent: () => void) => {
    if (!mailer) return;
    const title = ALERT_KINDS[alert.kind as AlertKind] ?? alert.kind;
    const sends = repo.admins().map((admin) =>
      mailer.send({
        to: admin.email,
        subject: `XRP faucet alert: ${title}`,
        text: `${alert.message}\n\nOpen /admin to see it. You get this once; the alert clears by itself when the condition is gone.`,
      }),
    );
    Promise.allSettled(sends).then((results) => {
      const failed = results.filter((r) => r.status === "rejected").length;
      if (failed < results.length) sent();
      if (failed > 0) log(`alert email (${alert.kind}) failed for ${plural(failed, "admin")}`);
    });
  };

  const raise = (kind: AlertKind, message: string, now: number) => {
    const held = unsaved.get(kind);
    let raised: Alert;
    try {
      raised = immediate(db, () => {
        const alert = repo.raise(kind, message, held?.raisedAt ?? now);
        for (const admin of repo.admins())
          notify(db, { userId: admin.id, kind: "ALERT", message: `${ALERT_KINDS[kind]}: ${message}` }, now);
        if (held?.emailedAt) repo.markEmailed(alert.id, held.emailedAt);
        return alert;
      });
    } catch (error) {
      if (!isWriteFailure(error)) throw error;
      if (!held) {
        const alert: Alert = {
          id: -unsaved.size - 1,
          kind,
          message,
          raisedAt: now,
          updatedAt: now,
          clearedAt: null,
          emailedAt: null,
        };
        unsaved.set(kind, alert);
        log(`alert: ${ALERT_KINDS[kind]}: ${message}`);
        email(alert, () => {
          alert.emailedAt = clock();
        });
      } else held.message = message;
      return;
    }
    unsaved.delete(kind);
    if (held) return;
    log(`alert: ${ALERT_KINDS[kind]}: ${message}`);
    email(raised, () => repo.markEmailed(raised.id, clock()));
  };

  async function evaluate(): Promise<void> {
    const open = new Map(repo.open().map((a) => [a.kind, a]));
    for (const { kind, check } of checks) {
      let message: string | null;
      try {
        message = await check();
      } catch (error) {
        log(`alerts: the ${kind} check failed: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const now = clock();
      const current = open.get(kind);
      try {
        if (message === null) {
          unsaved.delete(kind);
          if (current) repo.clear(current.id, now);
        } else if (!current) raise(kind, message, now);
        else if (current.message !== message) repo.update(current.id, message, now);
      } catch (error) {
        if (!isWriteFailure(error)) throw error;
      }
    }
  }

  return {
    // One run of every check (a second call while one runs waits for it).
    evaluate(): Promise<void> {
      running ??= evaluate().finally(() => {
        running = null;
      });
      return running;
    },
    open: () => [...unsaved.values(), ...repo.open()],
    recent: () => ({ open: [...unsaved.values(), ...repo.open()], cleared: repo.recentlyCleared(RECENT_ALERTS) }),
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
