// A signed-in user: the new session a registration or login makes (with where it came from, told
// to whoever watches sign-ins), and the user as GET /api/user answers them.
import type { SessionOrigin, SessionService } from "../../auth/sessions.ts";
import type { User } from "../../db/schema.ts";
import type { IpNetworks } from "../../lib/ip-group.ts";
import type { TwoFactorStatus } from "../two-factor/model.ts";
import { selfView } from "./model.ts";
import type { AccountRepository } from "./repository.ts";

// What an account reads of two-factor sign-in (modules/two-factor): whether a user has it, the
// login's code check, and what GET /api/user says of it.
export interface SecondFactor {
  enabled(user: User): boolean;
  verifyLoginCode(user: User, code: string | null | undefined, ip: string): Promise<boolean>;
  // seconds before a code for this username may be checked (too many wrong ones; 0: now)
  loginCodeWait(username: string): number;
  status(user: User): TwoFactorStatus;
}
export const NO_SECOND_FACTOR: SecondFactor = {
  enabled: () => false,
  verifyLoginCode: async () => false,
  loginCodeWait: () => 0,
  status: () => ({ enabled: false, required: false, setupRequired: false, recoveryCodesLeft: 0 }),
};

// Where a login or registration comes from, besides its IP (the session keeps it).
export interface ClientOrigin {
  deviceId: string | null;
  userAgent: string | null;
}

// A new session for a user: the cookie's token and when it ends.
export interface Session {
  token: string;
  expiresAt: number;
}

// A registration or login: the user as GET /api/user answers it, and their new session.
export interface SignedIn {
  user: ReturnType<typeof selfView>;
  session: Session;
}

export interface SignInDeps {
  repo: AccountRepository;
  sessions: SessionService;
  secondFactor: SecondFactor;
  onSignIn: (user: User, origin: SessionOrigin) => void;
  networksOf: (ip: string) => Readonly<IpNetworks>;
}

export function createSignIn({ repo, sessions, secondFactor, onSignIn, networksOf }: SignInDeps) {
  const me = (user: User) => selfView(user, repo.paidTo(user.id), secondFactor.status(user));
  return {
    // The logged-in user as GET /api/user shows them (with what has been paid to them).
    me,
    // The new session, and the user as GET /api/user answers it (the web app stores it as the session).
    withSession(user: User, ip: string, origin: ClientOrigin | null, withCode = false): SignedIn {
      const sessionOrigin: SessionOrigin = {
        ip,
        ipNetwork: networksOf(ip).network,
        deviceId: origin?.deviceId ?? null,
        userAgent: origin?.userAgent ?? null,
        withCode,
      };
      const session = sessions.create(user.id, sessionOrigin);
      onSignIn(user, sessionOrigin);
      return { user: me(user), session };
    },
  };
}
