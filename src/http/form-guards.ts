// A public form's checks before its handler, as one route option: `formGuards(a, b)` runs a's
// `beforeHandle`, then b's (the block list first, so a blocked party learns nothing of the proof of
// work). Each check is a route option of its own feature (`blockedPartyCheck`, `proofRequired`).
export function formGuards<C>(...options: { beforeHandle: (context: C) => unknown }[]) {
  return { beforeHandle: options.map((option) => option.beforeHandle) };
}
