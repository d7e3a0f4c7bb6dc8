// A public form's checks before its handler, as one route option: `formGuards(a, b)` runs a's
// `beforeHandle`, then b's (the block list first, so a blocked party learns nothing of the proof of
// work). Each check is a route option of its own feature (`blockedPartyCheck`, `proofRequired`) and
// reads its own part of the route's context (the proof of work reads the visitor).
type Check<C> = { beforeHandle: (context: C) => unknown };

export function formGuards<A, B>(first: Check<A>, second: Check<B>) {
  return { beforeHandle: [first.beforeHandle, second.beforeHandle] as ((context: A & B) => unknown)[] };
}
