// Which clicks on an image ad count. A click is counted, never stored: the database holds a count per
// slot and hour (ad_click_counts), and this memory says whether a click adds one to it. It does
// when it is the first this hour of its device (or, without a device id, of its IP group) on the
// slot's ad, from a network (/24 or /48) and a wide network (/16 or /32) that have not reached
// their few counted clicks this hour, while the hour has counted fewer than `perHour` in all. Any
// other click is still sent on to the advertiser, only not counted: so a flood from one device or
// network adds one, or a few, and writes nothing else.
//
// The memory is this hour's alone (all of it is forgotten when the hour turns), and an entry is made
// only for a counted click, so it holds at most `perHour` keys in each map whatever comes.
import { HOUR_MS } from "../../lib/time.ts";

export const CLICK_LIMITS = { perNetwork: 10, perWide: 100, perHour: 20_000 };

export interface Clicker {
  // the device's id, or its IP group when it sent none (prefixed: the two never meet)
  who: string;
  network: string;
  wide: string;
}

export function createClickCounter(limits: typeof CLICK_LIMITS = CLICK_LIMITS) {
  let hour = Number.NaN;
  const seen = new Set<string>();
  const networks = new Map<string, number>();
  const wides = new Map<string, number>();
  return {
    // Whether this click counts (and, if so, it is remembered as counted). `window`: the slot and
    // the start of its count's row, so a save of the ad within the hour lets its devices count again.
    counts(now: number, window: string, clicker: Clicker): boolean {
      const thisHour = Math.floor(now / HOUR_MS);
      if (thisHour !== hour) {
        hour = thisHour;
        seen.clear();
        networks.clear();
        wides.clear();
      }
      const key = `${window}\n${clicker.who}`;
      if (seen.has(key) || seen.size >= limits.perHour) return false;
      const network = networks.get(clicker.network) ?? 0;
      const wide = wides.get(clicker.wide) ?? 0;
      if (network >= limits.perNetwork || wide >= limits.perWide) return false;
      seen.add(key);
      networks.set(clicker.network, network + 1);
      wides.set(clicker.wide, wide + 1);
      return true;
    },
    // keys held: [clicks counted this hour, networks, wide networks]
    sizes: (): [number, number, number] => [seen.size, networks.size, wides.size],
  };
}
export type ClickCounter = ReturnType<typeof createClickCounter>;
