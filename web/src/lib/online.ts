import { useSyncExternalStore } from "react";

// Whether the browser says it is online (navigator.onLine), following its online and offline events.
const subscribe = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

export const OFFLINE_NOTICE = "You are offline. Nothing is sent until you are back online and send it again yourself.";
