// A user's sessions (where, which device, last seen; end one or all the others) and the admins'
// sign-ins: each one in the audit log, and one from a network or device that admin never signed in
// from before emailed to every admin (when SMTP is set) and flagged on /admin.
import type { SessionInfo, SessionOrigin, SessionService } from "../../auth/sessions.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { recordAudit } from "../audit/service.ts";
import type { Mailer } from "../account/mail.ts";
import { deviceName, sessionErrors, type SignInDetails, SIGN_INS_SHOWN } from "./model.ts";
import { createSignInRepository, SIGN_IN_ACTION } from "./repository.ts";

export interface SessionListDeps {
  db: Db;
  clock: () => number;
  sessions: SessionService;
  mailer?: Mailer | null;
  log?: (line: string) => void;
}

export function createSessionListService({ db, clock, sessions, mailer = null, log = () => {} }: SessionListDeps) {
  const repo = createSignInRepository(db);

  const alertAdmins = (user: User, origin: SessionOrigin, details: SignInDetails, at: number) => {
    if (!mailer) return;
    const what = [details.newNetwork ? "a network" : null, details.newDevice ? "a device" : null].filter(Boolean).join(" and ");
    const text = [
      `The admin '${user.username}' signed in to your XRP faucet from ${what} not seen before.`,
      "",
      `When: ${new Date(at).toISOString()}`,
      `IP: ${origin.ip ?? "unknown"} (network ${origin.ipNetwork ?? "unknown"})`,
      `Device: ${deviceName(origin.userAgent)}`,
      `Two-factor code: ${origin.withCode ? "entered" : "not on for this admin"}`,
      "",
      "If this was not them, end their sessions and change their password (xrp-faucet --seed-admin on the server resets the password and the second factor).",
    ].join("\n");
    for (const admin of repo.admins()) {
      mailer.send({ to: admin.email, subject: `New admin sign-in: ${user.username}`, text }).catch((error) => {
        log(`sign-in alert to ${admin.username} failed: ${error instanceof Error ? error.message.split("\n")[0] : "unknown error"}`);
      });
    }
  };

  return {
    // Every sign-in; an admin's is recorded, and alerted when its network or device is new to them.
    signedIn(user: User, origin: SessionOrigin) {
      if (!user.isAdmin) return;
      const now = clock();
      const details: SignInDetails = {
        network: origin.ipNetwork,
        deviceId: origin.deviceId,
        userAgent: origin.userAgent,
        withCode: origin.withCode,
        newNetwork: origin.ipNetwork !== null && !repo.seenNetwork(user.id, origin.ipNetwork),
        newDevice: origin.deviceId !== null && !repo.seenDevice(user.id, origin.deviceId),
      };
      recordAudit(db, { actor: user, action: SIGN_IN_ACTION, targetType: "user", targetId: user.id, details, ip: origin.ip }, now);
      if (details.newNetwork || details.newDevice) alertAdmins(user, origin, details, now);
    },

    list: (user: User) => sessions.list(user.id),

    // Ends one of the user's sessions (answers whether it was the current one).
    end(user: User, publicId: string, current: SessionInfo | null): { wasCurrent: boolean } {
      const wasCurrent = current !== null && current.id.startsWith(publicId) && publicId.length === 16;
      if (!sessions.end(user.id, publicId)) throw sessionErrors.notFound();
      return { wasCurrent };
    },

    endOthers: (user: User, current: SessionInfo | null) => sessions.endOthers(user.id, current?.id ?? ""),

    latestSignIns: () => repo.latest(SIGN_INS_SHOWN),
  };
}
export type SessionListService = ReturnType<typeof createSessionListService>;
