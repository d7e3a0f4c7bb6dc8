// The risk score (0-100, high from 50, as the faucet's) an admin sees beside each social bonus claim
// and in a user's file, with readable reasons. What it looks for is an account farm: many accounts
// behind one payout address, one network or one device. Where the claim itself comes from (a
// network other than the registration's) is not suspicious by itself: people move.
// docs/decisions.md, "Social bonus risk score", has the rule and why the weights are what they are.
import { DAY_MS } from "../../lib/time.ts";
import { plural } from "../../shared/words.ts";

// A farm that registers one account per network of a provider (IPv4 /24s of one /16, IPv6 /48s of
// one /32) passes every per-network limit, and the wide network never refuses (a mobile carrier's
// CGNAT puts many honest people behind one /16): it is counted instead. The accounts registered from
// the other networks of the account's wide network within this window of its registration, before
// or after (so the first of a burst is seen with the rest), counted up to WIDE_ACCOUNTS_COUNTED.
export const WIDE_WINDOW_MS = DAY_MS;
export const WIDE_ACCOUNTS_COUNTED = 50;

export interface WideRegistrations {
  width: string; // "/16" or "/32": the wide network's prefix, as the reason names it
  accounts: number; // at most WIDE_ACCOUNTS_COUNTED
}

// What an account's registration says of its wide network, read with `count` (a repository's
// capped count); null for an account made before the wide network was stored, or by the command line.
export function registrationWide(
  user: { ipWide: string | null; ipNetwork: string | null; createdAt: number },
  count: (wide: string, network: string, from: number, to: number, cap: number) => number,
): WideRegistrations | null {
  if (user.ipWide === null || user.ipNetwork === null) return null;
  return {
    width: /\/\d+$/.exec(user.ipWide)?.[0] ?? "wide network",
    accounts: count(
      user.ipWide,
      user.ipNetwork,
      user.createdAt - WIDE_WINDOW_MS,
      user.createdAt + WIDE_WINDOW_MS,
      WIDE_ACCOUNTS_COUNTED,
    ),
  };
}

export interface ClaimRiskSignals {
  accountsToAddress: number; // other accounts that claimed to this address in 7 days
  accountsClaimedFromNetwork: number; // other accounts that claimed from this claim's network in 24 h
  accountsClaimedFromDevice: number; // other accounts that claimed from this claim's device in 7 days
  accountsRegisteredFromNetwork: number; // other accounts registered from the user's registration network in 7 days
  accountsRegisteredOnDevice: number; // other accounts registered on the user's registration device
  accountsRegisteredFromWide: WideRegistrations | null; // from other networks of its wide network, within 24 h of it
  youngAccount: boolean; // the account is less than 7 days old
  paidAddress: boolean; // the faucet already paid this address (a PROCESSED request)
}

export interface AccountRiskSignals {
  accountsFromRegistrationNetwork: number; // other accounts registered from its network within 7 days of it
  accountsFromRegistrationDevice: number; // other accounts registered on its device
  accountsToItsAddresses: number; // other accounts that claimed to an address it claimed to or set
  accountsFromRegistrationWide: WideRegistrations | null; // from other networks of its wide network, within 24 h of it
}

export const WEIGHTS = {
  accountToAddress: 25,
  accountClaimedFromNetwork: 15,
  accountClaimedFromDevice: 25,
  accountRegisteredFromNetwork: 10,
  accountRegisteredOnDevice: 25,
  // each past the first (one neighbour on a big provider's /16 in a day is ordinary): 11 others, 50
  accountRegisteredFromWide: 5,
  youngAccount: 5,
  unpaidAddress: 10,
} as const;

function scorer() {
  let score = 0;
  const reasons: string[] = [];
  return {
    add(points: number, reason: string) {
      score += points;
      reasons.push(reason);
    },
    result: () => ({ score: Math.min(100, score), reasons }),
  };
}
type Scorer = ReturnType<typeof scorer>;

function addWide(r: Scorer, wide: WideRegistrations | null) {
  if (!wide || wide.accounts < 2) return;
  const accounts = wide.accounts >= WIDE_ACCOUNTS_COUNTED ? `at least ${WIDE_ACCOUNTS_COUNTED}` : String(wide.accounts);
  r.add(
    WEIGHTS.accountRegisteredFromWide * (wide.accounts - 1),
    `${accounts} accounts registered from other networks of this account's ${wide.width} within 24 h of it`,
  );
}

export function scoreClaim(s: ClaimRiskSignals): { score: number; reasons: string[] } {
  const w = WEIGHTS;
  const r = scorer();
  if (s.accountsToAddress > 0)
    r.add(
      w.accountToAddress * s.accountsToAddress,
      `${plural(s.accountsToAddress + 1, "account")} claimed to this address in 7 days`,
    );
  if (s.accountsClaimedFromDevice > 0)
    r.add(
      w.accountClaimedFromDevice * s.accountsClaimedFromDevice,
      `${plural(s.accountsClaimedFromDevice + 1, "account")} claimed from this device in 7 days`,
    );
  if (s.accountsClaimedFromNetwork > 0)
    r.add(
      w.accountClaimedFromNetwork * s.accountsClaimedFromNetwork,
      `${plural(s.accountsClaimedFromNetwork + 1, "account")} claimed from this network in 24 h`,
    );
  if (s.accountsRegisteredFromNetwork > 0) {
    r.add(
      w.accountRegisteredFromNetwork * s.accountsRegisteredFromNetwork,
      `${plural(s.accountsRegisteredFromNetwork + 1, "account")} registered from this account's network in 7 days`,
    );
  }
  if (s.accountsRegisteredOnDevice > 0)
    r.add(
      w.accountRegisteredOnDevice * s.accountsRegisteredOnDevice,
      `${plural(s.accountsRegisteredOnDevice + 1, "account")} registered on this account's device`,
    );
  addWide(r, s.accountsRegisteredFromWide);
  if (s.youngAccount) r.add(w.youngAccount, "account less than 7 days old");
  if (!s.paidAddress) r.add(w.unpaidAddress, "the faucet never paid this address");
  return r.result();
}

export function scoreAccount(s: AccountRiskSignals): { score: number; reasons: string[] } {
  const w = WEIGHTS;
  const r = scorer();
  if (s.accountsFromRegistrationNetwork > 0) {
    r.add(
      w.accountRegisteredFromNetwork * s.accountsFromRegistrationNetwork,
      `${plural(s.accountsFromRegistrationNetwork, "other account")} from this account's registration network within 7 days of it`,
    );
  }
  if (s.accountsFromRegistrationDevice > 0)
    r.add(
      w.accountRegisteredOnDevice * s.accountsFromRegistrationDevice,
      `${plural(s.accountsFromRegistrationDevice, "other account")} registered on this account's device`,
    );
  if (s.accountsToItsAddresses > 0)
    r.add(
      w.accountToAddress * s.accountsToItsAddresses,
      `${plural(s.accountsToItsAddresses, "other account")} claimed to this account's addresses`,
    );
  addWide(r, s.accountsFromRegistrationWide);
  return r.result();
}
