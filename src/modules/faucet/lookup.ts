// What a visitor may look up: how long until they may claim again and which limit holds them, and
// the latest requests of their device or of any wallet address.
import type { Said } from "../../lib/errors.ts";
import { DAY_MS } from "../../lib/time.ts";
import type { FaucetSettings } from "../settings/service.ts";
import {
  LOOKUP_LIMIT,
  type PublicFaucetRequestRow,
  requestedAddress,
  type WaitLimit,
  waitReasonsSaid,
} from "./model.ts";
import type { RefusalMemory } from "./refusal-memory.ts";
import type { FaucetRepository } from "./repository.ts";

export interface NextClaim {
  seconds: number;
  // the limit that holds the wait longest (null: they may claim now), in the words of its refusal
  limit: WaitLimit | null;
  reason: Said | null;
}

export interface LookupDeps {
  clock: () => number;
  settings: { get: () => FaucetSettings };
  repo: Pick<
    FaucetRepository,
    "otherAddressesFromDevice" | "otherAddressesFromNetwork" | "latestForDevice" | "latestForAddress"
  >;
  memory: RefusalMemory;
}

export function createLookup({ clock, settings, repo, memory }: LookupDeps) {
  return {
    // The address's 24 hours (when given), and the device's and the network's daily number of other
    // addresses (when given: null leaves each out).
    nextClaim(deviceId: string | null, address: unknown, network: string | null = null): NextClaim {
      const now = clock();
      const since = now - DAY_MS;
      const s = settings.get();
      const typed =
        address !== undefined && address !== null && address !== "" ? requestedAddress(address).address : null;
      let wait = 0;
      let limit: WaitLimit | null = null;
      const consider = (until: number, which: WaitLimit) => {
        if (until - now > wait) {
          wait = until - now;
          limit = which;
        }
      };
      if (typed !== null) {
        const last = memory.lastAsked(typed, since);
        if (last !== undefined) consider(last + DAY_MS, "address");
      }
      if (deviceId !== null) {
        const fromDevice = repo.otherAddressesFromDevice(deviceId, typed ?? "", since);
        if (fromDevice.n >= s.perDeviceDaily) consider((fromDevice.first ?? now) + DAY_MS, "device");
      }
      if (network !== null) {
        const fromNetwork = repo.otherAddressesFromNetwork(network, typed ?? "", since);
        if (fromNetwork.n >= s.perIpDaily) consider((fromNetwork.first ?? now) + DAY_MS, "network");
      }
      const held = limit as WaitLimit | null;
      const reason =
        held === null
          ? null
          : held === "address"
            ? waitReasonsSaid.address()
            : waitReasonsSaid[held](held === "network" ? s.perIpDaily : s.perDeviceDaily);
      return { seconds: Math.ceil(wait / 1000), limit: held, reason };
    },

    // The latest requests of a device (`deviceId`, when given) or else of a wallet address.
    latest(deviceId: string | null, address: unknown): PublicFaucetRequestRow[] {
      return deviceId !== null
        ? repo.latestForDevice(deviceId, LOOKUP_LIMIT)
        : repo.latestForAddress(requestedAddress(address).address, LOOKUP_LIMIT);
    },
  };
}
