// A user's sessions (where, which device, last seen and used, used elsewhere; end one or all the
// others) and the admins' sign-ins: each one in the audit log, and one from a network or device
// that admin never signed in from before, or an admin's session used from a network or device it
// did not begin on, emailed to every admin (when SMTP is set) and flagged on /admin.
import type { SessionInfo, SessionOrigin, SessionService, UsedElsewhere } from "../../auth/sessions.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { recordAudit } from "../audit/service.ts";
import type { Mailer } from "../account/mail.ts";
import { deviceName } from "../../lib/device-name.ts";
import { sessionErrors, type SignInDetails, SIGN_INS_SHOWN } from "./model.ts";
import { createSignInRepository, SESSION_ELSEWHERE_ACTION, SIGN_IN_ACTION } from "./repository.ts";

export interface SessionListDeps {
  db: Db;
  clock: () => number;
  sessions: SessionService;
  mailer?: Mailer | null;
  log?: (line: string) => void;
}

export function createSessionListService({ db, clock, sessions, mailer = null, log = () => {} }: SessionListDeps) {
  const repo = createSignInRepository(db);

  // One email to every admin (when the server sends mail).
  const alertAdmins = (subject: string, lines: string[]) => {
    if (!mailer) return;
    const text = [
      ...lines,
      "",
      "If this was not them, end their sessions and change their password (xrp-faucet --seed-admin on the server resets the password and the second factor).",
    ].join("\n");
    for (const admin of repo.admins()) {
      mailer.send({ to: admin.email, subject, text }).catch((error) => {
        log(
          `sign-in alert to ${admin.username} failed: ${error instanceof Error ? error.message.split("\n")[0] : "unknown error"}`,
        );
      });
    }
  };
  const place = (ip: string | null, network: string | null, userAgent: string | null) => [
    `IP: ${ip ?? "unknown"} (network ${network ?? "unknown"})`,
    `Device: ${deviceName(userAgent)}`,
  ];
  const newWhat = (details: Pick<SignInDetails, "newNetwork" | "newDevice">) =>
    [details.newNetwork ? "a network" : null, details.newDevice ? "a device" : null].filter(Boolean).join(" and ");

  return {
    // Every sign-in; an admin's is recorded, and alerted when its network or device is new to them.
    signedIn(user: User, origin: SessionOrigin) {
      if (!user.isAdmin) return;
      const now = clock();
      const before = repo.signedInBefore(user.id);
      const details: SignInDetails = {
        network: origin.ipNetwork,
        deviceId: origin.deviceId,
        userAgent: origin.userAgent,
        withCode: origin.withCode,
        // (an admin's very first sign-in is not a stranger's: there is no earlier one to differ from)
        newNetwork: origin.ipNetwork !== null && before && !repo.seenNetwork(user.id, origin.ipNetwork),
        newDevice: origin.deviceId !== null && before && !repo.seenDevice(user.id, origin.deviceId),
      };
      recordAudit(
        db,
        { actor: user, action: SIGN_IN_ACTION, targetType: "user", targetId: user.id, details, ip: origin.ip },
        now,
      );
      if (details.newNetwork || details.newDevice) {
        alertAdmins(`New admin sign-in: ${user.username}`, [
          `The admin '${user.username}' signed in to your XRP faucet from ${newWhat(details)} not seen before.`,
          "",
          `When: ${new Date(now).toISOString()}`,
          ...place(origin.ip, origin.ipNetwork, origin.userAgent),
          `Two-factor code: ${origin.withCode ? "entered" : "not on for this admin"}`,
        ]);
      }
    },

    // A session just found used from a network or device it did not begin on (nor was confirmed on
    // with a code): an admin's is recorded with the sign-ins (flagged on /admin) and emailed to every
    // admin, as a sign-in from a new network is. (A member's shows in their list of sessions.)
    usedElsewhere(user: User, where: UsedElsewhere) {
      if (!user.isAdmin) return;
      const now = clock();
      const details: SignInDetails = {
        network: where.network,
        deviceId: null,
        userAgent: where.userAgent,
        withCode: false,
        newNetwork: where.otherNetwork,
        newDevice: where.otherDevice,
        createdNetwork: where.createdNetwork,
        createdUserAgent: where.createdUserAgent,
        codeAsked: user.totpEnabledAt !== null,
      };
      recordAudit(
        db,
        { actor: user, action: SESSION_ELSEWHERE_ACTION, targetType: "user", targetId: user.id, details, ip: where.ip },
        now,
      );
      alertAdmins(`Admin session used elsewhere: ${user.username}`, [
        `A session of the admin '${user.username}' on your XRP faucet was used from ${newWhat(details)} it did not begin on.`,
        "",
        `When: ${new Date(now).toISOString()}`,
        ...place(where.ip, where.network, where.userAgent),
        `It began on: network ${where.createdNetwork ?? "unknown"}, ${deviceName(where.createdUserAgent)}`,
        details.codeAsked
          ? "It may do nothing in the back office until a code from the admin's authenticator app is entered in it."
          : "This admin has no two-factor sign-in, so no code can be asked for: the session goes on. End it from their settings page if it was not them.",
      ]);
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
