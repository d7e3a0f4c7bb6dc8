// A request's risk signals counted from the faucet's rows (what they mean and score: modules/risk).
// Every count is at the network's width (IPv6 /48, IPv4 /24), inside which the IP group lies; the
// velocity counts at the wide network's (IPv6 /32, IPv4 /16).
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../lib/time.ts";
import type { Networks, RescoreCounts, SignalsRepository, WaitingRequest } from "./signals-repository.ts";
import type { RiskSignals } from "../risk/signals.ts";

// What the limits already counted of a new request: the other addresses from its network and
// device, and how many rows its network had.
export interface LimitCounts {
  fromNetwork: number;
  fromDevice: number;
  networkRows: number;
}

// How a reason names a wide network.
export const wideName = (wide: string) => (wide.includes(":") ? "/32" : "/16");

export function createSignalCounter(repo: Pick<SignalsRepository, "signalCounts" | "rescoreCounts">) {
  return {
    // A new request's signals, with what its limits counted.
    counted: (nets: Networks, address: string, device: string, now: number, limits: LimitCounts): RiskSignals =>
      count(nets, address, device, now, now, limits),
    // A waiting request's signals counted again up to now: what came after it counts too.
    countedAgain(request: WaitingRequest, now: number): RiskSignals {
      const group = request.ipGroup ?? request.requesterIp ?? "";
      const nets = { network: request.ipNetwork ?? group, wide: request.ipWide ?? group };
      const device = request.deviceId ?? "";
      const counted = count(nets, request.address, device, now, request.createdAt);
      return {
        ...counted,
        // (the others from its network: it counts itself)
        requestsFromIpLast10Min: Math.max(0, counted.requestsFromIpLast10Min - 1),
        addressesFromDevice: device ? counted.addressesFromDevice : 0,
      };
    },
  };

  // The signals of a request from `nets` for `address` from `device`, counted up to now; the
  // velocity counts (its network's 10 minutes, its wide network's hour and day) from before `from`,
  // its own moment. `limits`: given, the other addresses are not counted again.
  function count(
    nets: Networks,
    address: string,
    device: string,
    now: number,
    from: number,
    limits?: LimitCounts,
  ): RiskSignals {
    const since = now - DAY_MS;
    const moments = {
      rejected: now - 7 * DAY_MS,
      fromNetworkRecently: from - 10 * MINUTE_MS,
      devicesForAddress: now - 30 * DAY_MS,
      devicesFromNetwork: since,
      fromWideHour: from - HOUR_MS,
      fromWideDay: from - DAY_MS,
      paidToWide: now - DAY_MS,
    };
    // (without the limits' read, the other addresses are counted in the same statement)
    const counts = limits
      ? repo.signalCounts(nets, device, address, moments, limits.networkRows === 0)
      : repo.rescoreCounts(nets, device, address, moments, since);
    return {
      addressesFromIp: limits ? limits.fromNetwork : (counts as RescoreCounts).addressesFromNetwork,
      addressesFromDevice: limits ? limits.fromDevice : (counts as RescoreCounts).addressesFromDevice,
      rejectedFromIpOrDevice: counts.rejected,
      requestsFromIpLast10Min: counts.fromNetworkRecently,
      devicesForAddress: counts.devicesForAddress,
      devicesFromIp: counts.devicesFromNetwork,
      requestsFromWideLastHour: counts.fromWideHour,
      requestsFromWideToday: counts.fromWideDay,
      paidToWideToday: counts.paidToWide,
      wideName: wideName(nets.wide),
      newDevice: false,
      userAgent: null,
    };
  }
}
export type SignalCounter = ReturnType<typeof createSignalCounter>;
