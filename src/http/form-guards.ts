// A public form's checks before its handler, as one route option: `formGuards(block, proof)` runs
// the proof of work first, then the block list. So an unproven request learns nothing of the block
// list (its answer is the proof's, whoever sends it) and a flood of them costs no block-list work.
// Each check is a route option of its own feature (`blockedPartyCheck`, `proofRequired`) and reads
// its own part of the route's context (the proof of work reads the visitor).
type Check<C> = { beforeHandle: (context: C) => unknown };

export function formGuards<A, B>(block: Check<A>, proof: Check<B>) {
  return { beforeHandle: [proof.beforeHandle, block.beforeHandle] as ((context: A & B) => unknown)[] };
}
