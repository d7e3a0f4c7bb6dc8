// The login throttle's memory (auth/throttle.ts): bounded, and no flood of fresh keys can push out
// a key that is counting failures or locked out, nor can one owner's keys (one account's guesses)
// push out anyone else's.
//
// Keys live in one of three tiers, each a least-recently-used list of its own size: FRESH (one
// attempt in the window: what every key of a flood is, each guess from its own network or for its own
// name), COUNTING (two or more) and LOCKED (at its limit). A key is put in the tier its count says
// and moves between them as it counts; a full tier drops its own least recently written key, never
// another tier's. The throttle never lets that happen to a lock: it asks `room` before a key may lock,
// and refuses the attempt when there is none, so a lock lasts its window whatever comes after it
// (decisions.md, "The throttle's memory").
//
// A key may have an owner (the account its guesses are at). An owner holds at most `place` keys in
// COUNTING and `place` in LOCKED: past that, its new key in the tier drops its own least recently
// written one there, never another owner's (and `room` says no to a lock). So one account's guesses,
// from however many networks, only fill that account's place.
//
// One Map finds a key's node; each tier, and each owner's part of a tier, is a doubly linked list of
// nodes, least recent first, so a write moves a node to its lists' ends and a drop takes a head, both
// in constant time. (A Map alone, deleting its first key to drop it, slows down: the engine skips over
// the deleted slots to find the first one again.) Every write also drops the head of its tier when
// `stale` says it is of no use any more (its window is over), so memory follows what is counting, not
// the largest flood it ever saw.
export const FRESH = 0;
export const COUNTING = 1;
export const LOCKED = 2;
export type Tier = typeof FRESH | typeof COUNTING | typeof LOCKED;

export interface TieredLru<V> {
  get(key: string): V | undefined;
  // the tier the key is in (undefined: not held)
  tierOf(key: string): Tier | undefined;
  // Writes the key in `tier` as its most recent (out of any other tier), for `owner` when given.
  set(key: string, value: V, tier: Tier, owner?: string | null): void;
  delete(key: string): void;
  // Whether one more key (of `owner`) fits in the tier without dropping any.
  room(tier: Tier, owner?: string | null): boolean;
  // The tier's least recently written key, or the owner's in it (undefined: none).
  oldest(tier: Tier, owner?: string | null): string | undefined;
  // keys held in each tier: [fresh, counting, locked]
  sizes(): [number, number, number];
  // keys the owner holds in each tier: [0 (fresh keys are not counted), counting, locked]
  held(owner: string): [number, number, number];
}

interface Node<V> {
  key: string;
  value: V;
  tier: Tier;
  owner: string | null;
  prev: Node<V> | null;
  next: Node<V> | null;
  // in the owner's list of the tier (COUNTING and LOCKED only)
  ownerPrev: Node<V> | null;
  ownerNext: Node<V> | null;
}

interface List<V> {
  head: Node<V> | null;
  tail: Node<V> | null;
  size: number;
}
const emptyList = <V>(): List<V> => ({ head: null, tail: null, size: 0 });

// A node is linked in its tier's list (prev, next) and, with an owner, in its owner's list of that
// tier (ownerPrev, ownerNext).
function unlinkFromTier<V>(list: List<V>, node: Node<V>) {
  if (node.prev) node.prev.next = node.next;
  else list.head = node.next;
  if (node.next) node.next.prev = node.prev;
  else list.tail = node.prev;
  node.prev = node.next = null;
  list.size--;
}
function appendToTier<V>(list: List<V>, node: Node<V>) {
  node.prev = list.tail;
  node.next = null;
  if (list.tail) list.tail.next = node;
  else list.head = node;
  list.tail = node;
  list.size++;
}
function unlinkFromOwner<V>(list: List<V>, node: Node<V>) {
  if (node.ownerPrev) node.ownerPrev.ownerNext = node.ownerNext;
  else list.head = node.ownerNext;
  if (node.ownerNext) node.ownerNext.ownerPrev = node.ownerPrev;
  else list.tail = node.ownerPrev;
  node.ownerPrev = node.ownerNext = null;
  list.size--;
}
function appendToOwner<V>(list: List<V>, node: Node<V>) {
  node.ownerPrev = list.tail;
  node.ownerNext = null;
  if (list.tail) list.tail.ownerNext = node;
  else list.head = node;
  list.tail = node;
  list.size++;
}

export function createTieredLru<V>(
  capacity: number | [number, number, number],
  stale: (value: V) => boolean = () => false,
  { place = Number.POSITIVE_INFINITY }: { place?: number } = {},
): TieredLru<V> {
  const caps = typeof capacity === "number" ? [capacity, capacity, capacity] : capacity;
  if (caps.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`every tier needs room for a key: ${caps.join(", ")}`);
  if (!(place >= 1)) throw new Error(`an owner needs room for a key: ${place}`);
  const nodes = new Map<string, Node<V>>();
  const tiers: List<V>[] = [0, 1, 2].map(() => emptyList<V>());
  // each owner's nodes in COUNTING and LOCKED (index 0 unused: fresh keys have no place)
  const owners = new Map<string, List<V>[]>();
  const ownerList = (owner: string, tier: Tier) => owners.get(owner)?.[tier];

  const unlink = (node: Node<V>) => {
    unlinkFromTier(tiers[node.tier]!, node);
    if (node.owner !== null && node.tier !== FRESH) {
      const lists = owners.get(node.owner)!;
      unlinkFromOwner(lists[node.tier]!, node);
      if (lists[COUNTING]!.size === 0 && lists[LOCKED]!.size === 0) owners.delete(node.owner);
    }
  };
  const append = (node: Node<V>) => {
    appendToTier(tiers[node.tier]!, node);
    if (node.owner !== null && node.tier !== FRESH) {
      let lists = owners.get(node.owner);
      if (!lists) owners.set(node.owner, (lists = [emptyList<V>(), emptyList<V>(), emptyList<V>()]));
      appendToOwner(lists[node.tier]!, node);
    }
  };
  const drop = (node: Node<V>) => {
    unlink(node);
    nodes.delete(node.key);
  };

  return {
    get: (key) => nodes.get(key)?.value,
    tierOf: (key) => nodes.get(key)?.tier,
    set(key, value, tier, owner = null) {
      let node = nodes.get(key);
      if (owner !== null && tier !== FRESH && node?.tier !== tier) {
        // the owner's place in the tier is full: its own least recent key there goes
        const own = ownerList(owner, tier);
        if (own && own.size >= place) drop(own.head!);
      }
      if (node) {
        unlink(node);
        node.value = value;
        node.tier = tier;
        node.owner = owner;
      } else
        nodes.set(key, (node = { key, value, tier, owner, prev: null, next: null, ownerPrev: null, ownerNext: null }));
      append(node);
      const list = tiers[tier]!;
      if (list.size > caps[tier]!) drop(list.head!);
      if (list.head !== node && stale(list.head!.value)) drop(list.head!);
    },
    delete(key) {
      const node = nodes.get(key);
      if (node) drop(node);
    },
    room: (tier, owner = null) =>
      tiers[tier]!.size < caps[tier]! &&
      (owner === null || tier === FRESH || (ownerList(owner, tier)?.size ?? 0) < place),
    oldest: (tier, owner = null) => (owner === null ? tiers[tier]!.head : ownerList(owner, tier)?.head)?.key,
    sizes: () => [tiers[FRESH]!.size, tiers[COUNTING]!.size, tiers[LOCKED]!.size],
    held: (owner) => [0, ownerList(owner, COUNTING)?.size ?? 0, ownerList(owner, LOCKED)?.size ?? 0],
  };
}
