// Registering an account: the name, the email and the password judged, the new-accounts limit of
// the client's IP group and network (counting the registrations still hashing), the hash through
// the hash gate, and the insert, where the unique name decides between two at once.
import { hashPassword, type PasswordCost } from "../../auth/passwords.ts";
import type { HashGate } from "../../auth/hash-gate.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { IpNetworks } from "../../lib/ip-group.ts";
import { DAY_MS, HOUR_MS } from "../../lib/time.ts";
import { EMAIL_PATTERN } from "../../lib/validation.ts";
import { accountErrors, newPasswordOf, plainNewPassword, USERNAME_PATTERN, type Credentials } from "./model.ts";
import type { AccountRepository } from "./repository.ts";
import type { ClientOrigin, SignedIn } from "./signed-in.ts";

// Registrations one network may have hashing at once (they are held by the new-accounts limit first).
export const REGISTRATIONS_IN_FLIGHT_PER_NETWORK = 8;

export interface RegistrationDeps {
  db: Db;
  clock: () => number;
  repo: AccountRepository;
  passwordCost?: PasswordCost;
  hashGate: HashGate;
  limits: () => { accountsPerHour: number; accountsPerDay: number };
  networksOf: (ip: string) => Readonly<IpNetworks>;
  // the new user's first session
  withSession: (user: User, ip: string, origin: ClientOrigin) => SignedIn;
}

export function createRegistration({
  db,
  clock,
  repo,
  passwordCost,
  hashGate,
  limits,
  networksOf,
  withSession,
}: RegistrationDeps) {
  // Registrations from each IP group and network between the limit check and the insert (hashing
  // the password), keyed "group:..." and "network:...".
  const registering = new Map<string, number>();
  const pendingFrom = (keys: string[]) => keys.map((key) => registering.get(key) ?? 0);
  const moveRegistering = (keys: string[], by: number) => {
    for (const key of keys) {
      const n = (registering.get(key) ?? 0) + by;
      if (n > 0) registering.set(key, n);
      else registering.delete(key);
    }
  };

  // Milliseconds until the network may register another account (0: now), counting the accounts in
  // the database and `pending` more about to be made now: at the IP group's width and at the
  // network's (IPv6 /48, IPv4 /24), so new /64s inside one /48 share its limit.
  const newAccountWait = (
    nets: { group: string; network: string },
    pending: { group: number; network: number },
    now: number,
  ): number => {
    const { accountsPerHour, accountsPerDay } = limits();
    const most = Math.max(accountsPerDay, accountsPerHour);
    const waitFor = (times: number[], max: number, window: number) => {
      const inWindow = times.filter((at) => at > now - window);
      return inWindow.length >= max ? inWindow[max - 1]! + window - now : 0;
    };
    const waitOf = (times: number[]) =>
      Math.max(waitFor(times, accountsPerHour, HOUR_MS), waitFor(times, accountsPerDay, DAY_MS));
    return Math.max(
      waitOf([...Array<number>(pending.group).fill(now), ...repo.newestFrom(nets.group, now - DAY_MS, most)]),
      waitOf([
        ...Array<number>(pending.network).fill(now),
        ...repo.newestFromNetwork(nets.network, now - DAY_MS, most),
      ]),
    );
  };

  // `ip`: the client's address; its IP group and its network may each make accountsPerHour /
  // accountsPerDay accounts. Its wide network (IPv6 /32, IPv4 /16) is stored too but never
  // refuses: the accounts of its other networks only raise a risk score (social/risk.ts).
  // `deviceId`: the device cookie's id, stored with the network (the bonuses are limited per
  // registration network and device). Answers the new user and their first session.
  return async function register(
    input: Credentials,
    ip: string,
    deviceId: string | null = null,
    userAgent: string | null = null,
  ): Promise<SignedIn> {
    const username = (input.username ?? "").trim();
    const email = (input.email ?? "").trim();
    if (!USERNAME_PATTERN.test(username)) throw accountErrors.invalidUsername();
    if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw accountErrors.invalidEmail();
    const owner = { username, email };
    const password = plainNewPassword(input.password, owner);
    if (repo.byUsername(username)) throw accountErrors.usernameTaken();
    // Counted before the password is judged and hashed (synchronously, with the registrations in
    // flight), and again in the transaction that inserts: parallel registrations cannot pass the
    // limit. The estimator judges the password in the hash gate's turn, so a flood of weak ones
    // is bounded as a flood of hashes is.
    const nets = networksOf(ip);
    const group = nets.group;
    const keys = [`group:${group}`, `network:${nets.network}`];
    const [pendingGroup = 0, pendingNetwork = 0] = pendingFrom(keys);
    const wait = newAccountWait(nets, { group: pendingGroup, network: pendingNetwork }, clock());
    if (wait > 0) throw accountErrors.tooManyAccounts(wait);
    const hashing = hashGate.tryRun(
      async () => hashPassword(await newPasswordOf(password, owner), passwordCost),
      [
        { key: `register:${group}`, limit: REGISTRATIONS_IN_FLIGHT_PER_NETWORK },
        { key: `register:${nets.network}`, limit: REGISTRATIONS_IN_FLIGHT_PER_NETWORK },
      ],
    );
    if (!hashing) throw accountErrors.registrationsAtOnce();
    moveRegistering(keys, 1);
    let passwordHash: string;
    try {
      passwordHash = await hashing;
    } finally {
      moveRegistering(keys, -1);
    }
    let user: User;
    try {
      user = immediate(db, () => {
        const createdAt = clock();
        const wait = newAccountWait(nets, { group: 0, network: 0 }, createdAt);
        if (wait > 0) throw accountErrors.tooManyAccounts(wait);
        return repo.insert({
          username,
          email,
          passwordHash,
          ipGroup: group,
          ipNetwork: nets.network,
          ipWide: nets.wide,
          deviceId,
          createdAt,
        });
      });
    } catch (error) {
      // Two registrations of one name at once: the unique index decides.
      if (isUniqueViolation(error)) throw accountErrors.usernameTaken();
      throw error;
    }
    return withSession(user, ip, { deviceId, userAgent });
  };
}
