// What a bulk approval's confirmation says about the rows chosen: how many of them share a network,
// a device or an address with another chosen row (a farm's claims look alike), computed from the
// rows themselves.

// How many of `rows` have the same (known) value of `key` as at least one other row.
export function sharing<T>(rows: readonly T[], key: (row: T) => string | null | undefined): number {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const value = key(row);
    if (value) seen.set(value, (seen.get(value) ?? 0) + 1);
  }
  let n = 0;
  for (const row of rows) {
    const value = key(row);
    if (value && (seen.get(value) ?? 0) > 1) n++;
  }
  return n;
}

export interface Likeness<T> {
  network: (row: T) => string | null | undefined;
  device: (row: T) => string | null | undefined;
  address: (row: T) => string | null | undefined;
}

// "7 of 10 share a network, 3 share a device, 10 share an address" (`shared`: some do); "None of the
// 4 share a network, a device or an address"; null for fewer than two rows.
export function overlapWords<T>(rows: readonly T[], like: Likeness<T>): { text: string; shared: boolean } | null {
  if (rows.length < 2) return null;
  const counts = [
    [sharing(rows, like.network), "a network"],
    [sharing(rows, like.device), "a device"],
    [sharing(rows, like.address), "an address"],
  ] as const;
  if (counts.every(([n]) => n === 0))
    return { text: `None of the ${rows.length} share a network, a device or an address`, shared: false };
  // (a count is never 1: a row shares with another)
  const who = (n: number, first: boolean) =>
    first ? `${n === 0 ? "None" : n} of ${rows.length}` : n === 0 ? "none" : String(n);
  return { text: counts.map(([n, what], i) => `${who(n, i === 0)} share ${what}`).join(", "), shared: true };
}
