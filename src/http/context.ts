// Who is asking, resolved once per request for the routes that use it. `visitor` gives every
// handler the client's IP and IP group, device, user agent and logged-in user, each computed only
// when read (a status poll that reads none of them pays nothing). `admin` guards a feature's admin
// routes: 401 without a session, 403 for a non-admin, and gives the acting admin.
import { Elysia } from "elysia";
import { requireAdmin, requireUser, type CurrentUser, type SignedIn } from "../auth/current-user.ts";
import type { SessionInfo } from "../auth/sessions.ts";
import type { Actor } from "../auth/actor.ts";
import { freshlyConfirmed, stepUpDone } from "../auth/step-up.ts";
import type { User } from "../db/schema.ts";
import type { ClientIpResolver } from "./client-ip.ts";
import { cookieJar, type CookieJar } from "./cookies.ts";
import { deviceFromCookie } from "./device.ts";
import { type IpGrouping, type IpNetworks, ipNetworks } from "../lib/ip-group.ts";

export interface ContextDeps {
  currentUser: CurrentUser;
  clientIp: ClientIpResolver;
  clock: () => number;
  secureCookies: boolean;
  // the admin's IPv4 grouping setting, read per request
  ipGrouping: () => IpGrouping;
  // admins must have two-factor sign-in (the server pays on a real ledger)
  adminTwoFactorRequired?: boolean;
}

export interface Visitor {
  readonly cookies: CookieJar;
  readonly ip: string;
  readonly ipGroup: string;
  // the IP's group, network (/48 or /24) and wide network (/32 or /16): lib/ip-group.ts
  readonly networks: IpNetworks;
  // the device cookie's id; read once, it sets the cookie on a first visit
  readonly device: { deviceId: string; isNew: boolean };
  readonly userAgent: string | null;
  readonly user: User | null;
  // the session the logged-in user came with
  readonly session: SessionInfo | null;
  // the logged-in user, or 401 with `message`
  requireUser(message?: string): User;
}

export function userAgentOf(request: Request): string | null {
  return request.headers.get("user-agent")?.slice(0, 300) || null;
}

// (a class: its getters live on the prototype, so a request's visitor is one small object; an
// object literal of getters defined each of them again for every request)
class RequestVisitor implements Visitor {
  #cookies: CookieJar | undefined;
  #ip: string | undefined;
  #networks: IpNetworks | undefined;
  #device: Visitor["device"] | undefined;
  #signedIn: SignedIn | null | undefined;
  constructor(
    private readonly deps: ContextDeps,
    private readonly request: Request,
    private readonly server: unknown,
    private readonly set: { headers: Record<string, unknown> },
    ip?: string,
  ) {
    this.#ip = ip;
  }
  get cookies(): CookieJar {
    return (this.#cookies ??= cookieJar(this.request, this.set as never));
  }
  get ip(): string {
    return (this.#ip ??= this.deps.clientIp(this.request, this.server));
  }
  get ipGroup(): string {
    return this.networks.group;
  }
  get networks(): IpNetworks {
    return (this.#networks ??= ipNetworks(this.ip, this.deps.ipGrouping()));
  }
  get device(): Visitor["device"] {
    return (this.#device ??= deviceFromCookie(this.cookies, this.deps.clock(), this.deps.secureCookies));
  }
  get userAgent(): string | null {
    return userAgentOf(this.request);
  }
  get user(): User | null {
    if (this.#signedIn === undefined)
      this.#signedIn = this.deps.currentUser(this.cookies, { ip: this.ip, userAgent: this.userAgent });
    return this.#signedIn?.user ?? null;
  }
  get session(): SessionInfo | null {
    return this.user ? this.#signedIn!.session : null;
  }
  requireUser(message?: string): User {
    return requireUser(() => (this.user ? this.#signedIn! : null), this.cookies, message);
  }
}

// (`ip`: the client's, when the caller read it already)
export function createVisitor(
  deps: ContextDeps,
  request: Request,
  server: unknown,
  set: { headers: Record<string, unknown> },
  ip?: string,
): Visitor {
  return new RequestVisitor(deps, request, server, set, ip);
}

export const visitorContext = (deps: ContextDeps) =>
  new Elysia().resolve({ as: "scoped" }, ({ request, server, set }) => ({
    visitor: createVisitor(deps, request, server, set),
  }));

// The visitor's admin: 401, 403 (not an admin, two-factor sign-in to set up, a session used
// elsewhere that must give a code first) otherwise.
export const visitingAdmin = (deps: ContextDeps, visitor: Visitor): User =>
  requireAdmin(
    () => (visitor.user ? { user: visitor.user, session: visitor.session! } : null),
    visitor.cookies,
    deps.adminTwoFactorRequired,
  );

export const adminContext = (deps: ContextDeps) =>
  new Elysia().resolve({ as: "scoped" }, ({ request, server, set }) => {
    const visitor = createVisitor(deps, request, server, set);
    const admin = visitingAdmin(deps, visitor);
    const now = deps.clock();
    const actor: Actor = {
      admin,
      ip: visitor.ip,
      stepUpDone: stepUpDone(admin, visitor.session, now),
      confirmed: freshlyConfirmed(admin, visitor.session, now),
      twoFactor: admin.totpEnabledAt !== null,
    };
    return { visitor, actor };
  });
