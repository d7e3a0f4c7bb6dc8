// What the faucet remembers, in memory, so that a flood asking the same way again and again (one
// address, one network, one wide network) is answered without a read: the addresses seen asking,
// the networks seen over their limit, the wide networks found all at the top score, and the last
// refusal of each kind. Each part fills itself from what a committed request or refusal read and
// forgets in one go past its size.
import type { HttpError } from "../../lib/errors.ts";
import { DAY_MS } from "../../lib/time.ts";
import { waitWords } from "../../shared/waits.ts";
import type { Language } from "../../shared/languages.ts";
import { faucetErrors } from "./model.ts";
import { type AddressAt, otherAddressesFrom } from "./repository.ts";

// How many addresses are remembered (a few hundred kilobytes).
const ASKED_REMEMBERED = 10_000;
// How many networks seen over their limit are remembered, and the most requests kept for one.
const OVER_LIMIT_REMEMBERED = 10_000;
const OVER_LIMIT_REQUESTS = 20;
// How many wide networks found at the top score are remembered.
const TOPPED_REMEMBERED = 10_000;

export interface RefusalMemoryDeps {
  // the latest faucet request of an address since a moment, read when the memory does not know it
  lastRequestOf: (address: string, since: number) => number | undefined;
}

export function createRefusalMemory({ lastRequestOf }: RefusalMemoryDeps) {
  // The latest faucet request of the addresses seen asking: rows are never removed, so one seen
  // committed refuses its address until 24 h after it. Filled from the limits' reads and from
  // requests once committed (a savepoint rolled back leaves nothing here).
  const askedAt = new Map<string, number>();
  // The networks seen over their limit, with their requests of the last 24 h as the refusal's read
  // found them. Those written since only add to them, so while the requests kept still hold the
  // network over its limit, a request from it is refused without a read.
  const overLimit = new Map<string, AddressAt[]>();
  // The wide networks whose newest requests were last found all at the top score or no longer
  // waiting, by a committed request at the top score from a network that asked nothing before: the
  // next such request finds nothing to raise there (a farm's flood from new /48s of one /32).
  const toppedWide = new Set<string>();

  const addressRefusal = keptPerSecond((_, wait, seconds) => faucetErrors.addressWaits(wait, seconds));
  const networkRefusal = keptPerSecond(faucetErrors.networkLimit);
  const deviceRefusal = keptPerSecond(faucetErrors.deviceLimit);

  const memory = {
    noteAsked(address: string, at: number): void {
      if (askedAt.size >= ASKED_REMEMBERED) askedAt.clear();
      if ((askedAt.get(address) ?? 0) < at) askedAt.set(address, at);
    },
    // When the address asked since the moment, as far as the server saw, without a read.
    knownAsked(address: string, since: number): number | undefined {
      const known = askedAt.get(address);
      return known !== undefined && known > since ? known : undefined;
    },
    // When the address asked since the moment: what the server saw, else read (and remembered).
    lastAsked(address: string, since: number): number | undefined {
      const known = memory.knownAsked(address, since);
      if (known !== undefined) return known;
      const last = lastRequestOf(address, since);
      if (last !== undefined) memory.noteAsked(address, last);
      return last;
    },

    // The refusals, each built once for the second its wait stands at.
    addressWaits: (address: string, last: number, now: number) => addressRefusal(address, 0, last + DAY_MS, now),
    networkWaits: (network: string, limit: number, until: number, now: number) =>
      networkRefusal(network, limit, until, now),
    deviceWaits: (device: string, limit: number, until: number, now: number) =>
      deviceRefusal(device, limit, until, now),

    // Whether any network is remembered over its limit (most of the time none: nothing to look up).
    anyOverLimit: () => overLimit.size > 0,
    // Remembered once a refusal for the network's limit is committed (what it read was committed too).
    noteOverLimit(network: string, requests: AddressAt[]): void {
      if (requests.length > OVER_LIMIT_REQUESTS) return;
      if (overLimit.size >= OVER_LIMIT_REMEMBERED) overLimit.clear();
      overLimit.set(network, requests);
    },
    // The network's refusal from what the server saw, or undefined: not seen over its limit, or no
    // longer held there by the requests kept (then forgotten: the read decides). A request for an
    // address among the network's own is read too: its own refusal, or none, is the read's to tell.
    knownOverLimit(network: string, address: string, limit: number, now: number): HttpError | undefined {
      const requests = overLimit.get(network);
      if (requests === undefined || requests.some((r) => r.address === address)) return undefined;
      const others = otherAddressesFrom(requests, address, now - DAY_MS);
      if (others.n >= limit) return memory.networkWaits(network, limit, (others.first ?? now) + DAY_MS, now);
      overLimit.delete(network);
      return undefined;
    },

    isTopped: (wide: string) => toppedWide.has(wide),
    noteTopped(wide: string): void {
      if (toppedWide.size >= TOPPED_REMEMBERED) toppedWide.clear();
      toppedWide.add(wide);
    },
    // A request below the top came from the wide network: its newest are worth reading again.
    forgetTopped: (wide: string) => void toppedWide.delete(wide),
    // A score went down (the address signals), or a request's write did not commit (what it raised
    // may be rolled back): every wide network is read again.
    forgetAllTopped: () => toppedWide.clear(),
  };
  return memory;
}
export type RefusalMemory = ReturnType<typeof createRefusalMemory>;

// A refusal kept for the second its wait stands at: a flood is refused the same way again and
// again, and building the answer (its wait in words) was a tenth of an address's refusal. (The wait
// in words, rounded up to its minute, is the same all that second.) The wait is said in each language
// when the refusal is (shared/waits.ts).
function keptPerSecond(build: (limit: number, wait: (language: Language) => string, seconds: number) => HttpError) {
  let kept: { key: string; limit: number; until: number; seconds: number; error: HttpError } | undefined;
  return (key: string, limit: number, until: number, now: number): HttpError => {
    const seconds = Math.ceil((until - now) / 1000);
    if (
      kept !== undefined &&
      kept.key === key &&
      kept.limit === limit &&
      kept.until === until &&
      kept.seconds === seconds
    )
      return kept.error;
    const error = build(limit, (language) => waitWords(until, now, language), seconds);
    kept = { key, limit, until, seconds, error };
    return error;
  };
}
