// Whether a request's confirmation is on screen: the home page's floating status badge steps aside on
// a phone while one shows, so it covers none of it (the confirmation registers itself as it mounts).
import { useSyncExternalStore } from "react";

let shown = 0;
const listeners = new Set<() => void>();
const subscribe = (change: () => void) => {
  listeners.add(change);
  return () => listeners.delete(change);
};
const move = (by: number) => {
  shown += by;
  for (const change of listeners) change();
};

// For a confirmation's effect: shown now, and the function that says it is gone.
export function confirmationShown(): () => void {
  move(1);
  return () => move(-1);
}
export const useConfirmationShown = () => useSyncExternalStore(subscribe, () => shown > 0);
