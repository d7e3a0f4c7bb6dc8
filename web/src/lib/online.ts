import { useSyncExternalStore } from "react";
import { t } from "../i18n";

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

export const offlineNotice = () => t("claim.offline.notice");
