// The login throttle's memory (auth/throttle.ts): bounded, and no flood of fresh keys can push out
// a key that is counting failures or locked out.
//
// Keys live in one of three tiers, each a least-recently-used list of its own size: FRESH (one
// attempt in the window: what every key of a flood is, each guess from its own network or for its own
// name), COUNTING (two or more) and LOCKED (at its limit). A key is put in the tier its count says
// and moves between them as it counts; a full tier drops its own least recently written key, never
// another tier's. So fresh keys, however many, only push out each other, and to push out a counting
// or locked key a flood has to make as many keys count or lock, each needing failed checks that the
// throttle allows a network only 40 of in 15 minutes (decisions.md, "The throttle's memory").
//
// One Map finds a key's node; each tier is a doubly linked list of nodes, least recent first, so a
// write moves a node to its tier's end and a drop takes a tier's head, both in constant time. (A Map
// alone, deleting its first key to drop it, slows down: the engine skips over the deleted slots to
// find the first one again.) Every write also drops the head of its tier when `stale` says it is of
// no use any more (its window is over), so memory follows what is counting, not the worst flood
// since the start.
export const FRESH = 0;
export const COUNTING = 1;
export const LOCKED = 2;
export type Tier = typeof FRESH | typeof COUNTING | typeof LOCKED;

export interface TieredLru<V> {
  get(key: string): V | undefined;
  // Writes the key in `tier` as its most recent (out of any other tier).
  set(key: string, value: V, tier: Tier): void;
  delete(key: string): void;
  // keys held in each tier: [fresh, counting, locked]
  sizes(): [number, number, number];
}

interface Node<V> {
  key: string;
  value: V;
  tier: Tier;
  prev: Node<V> | null;
  next: Node<V> | null;
}

interface List<V> {
  head: Node<V> | null;
  tail: Node<V> | null;
  size: number;
}

export function createTieredLru<V>(capacity: number | [number, number, number], stale: (value: V) => boolean = () => false): TieredLru<V> {
  const caps = typeof capacity === "number" ? [capacity, capacity, capacity] : capacity;
  if (caps.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`every tier needs room for a key: ${caps.join(", ")}`);
  const nodes = new Map<string, Node<V>>();
  const tiers: List<V>[] = [0, 1, 2].map(() => ({ head: null, tail: null, size: 0 }));

  const unlink = (node: Node<V>) => {
    const list = tiers[node.tier]!;
    if (node.prev) node.prev.next = node.next;
    else list.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else list.tail = node.prev;
    node.prev = node.next = null;
    list.size--;
  };
  const append = (node: Node<V>) => {
    const list = tiers[node.tier]!;
    node.prev = list.tail;
    node.next = null;
    if (list.tail) list.tail.next = node;
    else list.head = node;
    list.tail = node;
    list.size++;
  };
  const drop = (node: Node<V>) => {
    unlink(node);
    nodes.delete(node.key);
  };

  return {
    get: (key) => nodes.get(key)?.value,
    set(key, value, tier) {
      let node = nodes.get(key);
      if (node) {
        unlink(node);
        node.value = value;
        node.tier = tier;
      } else nodes.set(key, (node = { key, value, tier, prev: null, next: null }));
      append(node);
      const list = tiers[tier]!;
      if (list.size > caps[tier]!) drop(list.head!);
      if (list.head !== node && stale(list.head!.value)) drop(list.head!);
    },
    delete(key) {
      const node = nodes.get(key);
      if (node) drop(node);
    },
    sizes: () => [tiers[FRESH]!.size, tiers[COUNTING]!.size, tiers[LOCKED]!.size],
  };
}
