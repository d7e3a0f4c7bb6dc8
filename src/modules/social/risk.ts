// The risk score (0-100, high from 50, as the faucet's) an admin sees beside each social bonus claim
// and in a user's file, with readable reasons. What it looks for is an account farm: many accounts
// behind one payout address, one network or one device. Where the claim itself comes from (a
// network other than the registration's) is not suspicious by itself: people move.
// docs/decisions.md, "Social bonus risk score", has the rule and why the weights are what they are.

export interface ClaimRiskSignals {
  accountsToAddress: number; // other accounts that claimed to this address in 7 days
  accountsClaimedFromNetwork: number; // other accounts that claimed from this claim's network in 24 h
  accountsClaimedFromDevice: number; // other accounts that claimed from this claim's device in 7 days
  accountsRegisteredFromNetwork: number; // other accounts registered from the user's registration network in 7 days
  accountsRegisteredOnDevice: number; // other accounts registered on the user's registration device
  youngAccount: boolean; // the account is less than 7 days old
  paidAddress: boolean; // the faucet already paid this address (a PROCESSED request)
}

export interface AccountRiskSignals {
  accountsFromRegistrationNetwork: number; // other accounts registered from its network within 7 days of it
  accountsFromRegistrationDevice: number; // other accounts registered on its device
  accountsToItsAddresses: number; // other accounts that claimed to an address it claimed to or set
}

export const WEIGHTS = {
  accountToAddress: 25,
  accountClaimedFromNetwork: 15,
  accountClaimedFromDevice: 25,
  accountRegisteredFromNetwork: 10,
  accountRegisteredOnDevice: 25,
  youngAccount: 5,
  unpaidAddress: 10,
} as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

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

export function scoreClaim(s: ClaimRiskSignals): { score: number; reasons: string[] } {
  const w = WEIGHTS;
  const r = scorer();
  if (s.accountsToAddress > 0) r.add(w.accountToAddress * s.accountsToAddress, `${plural(s.accountsToAddress + 1, "account")} claimed to this address in 7 days`);
  if (s.accountsClaimedFromDevice > 0) r.add(w.accountClaimedFromDevice * s.accountsClaimedFromDevice, `${plural(s.accountsClaimedFromDevice + 1, "account")} claimed from this device in 7 days`);
  if (s.accountsClaimedFromNetwork > 0) r.add(w.accountClaimedFromNetwork * s.accountsClaimedFromNetwork, `${plural(s.accountsClaimedFromNetwork + 1, "account")} claimed from this network in 24 h`);
  if (s.accountsRegisteredFromNetwork > 0) {
    r.add(w.accountRegisteredFromNetwork * s.accountsRegisteredFromNetwork, `${plural(s.accountsRegisteredFromNetwork + 1, "account")} registered from this account's network in 7 days`);
  }
  if (s.accountsRegisteredOnDevice > 0) r.add(w.accountRegisteredOnDevice * s.accountsRegisteredOnDevice, `${plural(s.accountsRegisteredOnDevice + 1, "account")} registered on this account's device`);
  if (s.youngAccount) r.add(w.youngAccount, "account less than 7 days old");
  if (!s.paidAddress) r.add(w.unpaidAddress, "the faucet never paid this address");
  return r.result();
}

export function scoreAccount(s: AccountRiskSignals): { score: number; reasons: string[] } {
  const w = WEIGHTS;
  const r = scorer();
  if (s.accountsFromRegistrationNetwork > 0) {
    r.add(w.accountRegisteredFromNetwork * s.accountsFromRegistrationNetwork, `${plural(s.accountsFromRegistrationNetwork, "other account")} from this account's registration network within 7 days of it`);
  }
  if (s.accountsFromRegistrationDevice > 0) r.add(w.accountRegisteredOnDevice * s.accountsFromRegistrationDevice, `${plural(s.accountsFromRegistrationDevice, "other account")} registered on this account's device`);
  if (s.accountsToItsAddresses > 0) r.add(w.accountToAddress * s.accountsToItsAddresses, `${plural(s.accountsToItsAddresses, "other account")} claimed to this account's addresses`);
  return r.result();
}
