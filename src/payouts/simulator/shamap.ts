// The root hash of rippled's state SHAMap (a radix-16 tree on the entry keys): what
// xrpl.js's hashStateTree computes, but with each leaf's hash remembered, so a close costs the
// entries that changed plus the inner nodes, not a re-encoding of every account.
import { sha512 } from "@noble/hashes/sha2.js";
import { encode } from "ripple-binary-codec";
import { ZERO_HASH } from "./protocol.ts";

const LEAF_PREFIX = Buffer.from("4D4C4E00", "hex"); // 'MLN\0', an account-state leaf
const INNER_PREFIX = Buffer.from("4D494E00", "hex"); // 'MIN\0', an inner node
const ZERO = Buffer.alloc(32);
const half = (data: Uint8Array) => Buffer.from(sha512(data).subarray(0, 32));

interface Leaf {
  key: Buffer;
  hash: Buffer;
}

export class StateHasher {
  private leaves = new Map<string, { stamp: string; hash: Buffer }>();

  // entries: ledger entries with their `index`; stamp: anything that changes when the entry does.
  rootHash(entries: { entry: Record<string, unknown>; stamp?: string }[]): string {
    const seen = new Set<string>();
    const leaves: Leaf[] = entries.map(({ entry, stamp }) => {
      const key = String(entry.index);
      seen.add(key);
      const cached = this.leaves.get(key);
      if (stamp !== undefined && cached?.stamp === stamp) return { key: Buffer.from(key, "hex"), hash: cached.hash };
      const { index: _index, ...fields } = entry;
      const data = Buffer.from(encode(fields as never), "hex");
      const keyBytes = Buffer.from(key, "hex");
      const hash = half(Buffer.concat([LEAF_PREFIX, data, keyBytes]));
      if (stamp !== undefined) this.leaves.set(key, { stamp, hash });
      return { key: keyBytes, hash };
    });
    for (const key of this.leaves.keys()) if (!seen.has(key)) this.leaves.delete(key);
    if (leaves.length === 0) return ZERO_HASH;
    leaves.sort((a, b) => Buffer.compare(a.key, b.key));
    return inner(leaves, 0).toString("hex").toUpperCase();
  }
}

const nibble = (key: Buffer, depth: number) => (depth % 2 === 0 ? key[depth >> 1]! >> 4 : key[depth >> 1]! & 0x0f);

function inner(leaves: Leaf[], depth: number): Buffer {
  const children: Buffer[] = [];
  let i = 0;
  for (let branch = 0; branch < 16; branch++) {
    let j = i;
    while (j < leaves.length && nibble(leaves[j]!.key, depth) === branch) j++;
    if (j === i) children.push(ZERO);
    else if (j - i === 1) children.push(leaves[i]!.hash);
    else children.push(inner(leaves.slice(i, j), depth + 1));
    i = j;
  }
  return half(Buffer.concat([INNER_PREFIX, ...children]));
}
