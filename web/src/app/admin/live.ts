// The back office kept up to date: one event stream (GET /api/admin/events) names the admin reads
// that changed, and the screens showing them read them again (a query key starts with the path it
// reads). When the stream comes back after a cut, everything the back office shows is read again:
// what changed meanwhile was not told.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";

export type LiveState = "connecting" | "live" | "reconnecting" | "off";

const isAdminRead = (key: readonly unknown[]) => typeof key[0] === "string" && key[0].startsWith("/api/admin");

export function useLiveBackOffice(): { state: LiveState; reconnect: () => void } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (typeof EventSource === "undefined") {
      setState("off");
      return;
    }
    const source = new EventSource("/api/admin/events");
    let opened = false;
    // (a read already on its way is not started again: under a burst of changes the screen reads
    // once more after it, not once per message)
    const reread = (filters: Parameters<typeof queryClient.invalidateQueries>[0]) =>
      void queryClient.invalidateQueries(filters, { cancelRefetch: false });
    source.onopen = () => {
      if (opened || attempt > 0) reread({ predicate: (q) => isAdminRead(q.queryKey) });
      opened = true;
      setState("live");
    };
    source.onmessage = (event: MessageEvent<string>) => {
      let reads: unknown;
      try {
        reads = (JSON.parse(event.data) as { reads?: unknown }).reads;
      } catch {
        return;
      }
      if (!Array.isArray(reads)) return;
      for (const read of reads) if (typeof read === "string") reread({ queryKey: [read] });
    };
    // (the browser tries again by itself after a cut; an answer other than the stream, a 401 or a
    // 403, closes it for good)
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? "off" : "reconnecting");
    return () => source.close();
  }, [queryClient, attempt]);
  const reconnect = useCallback(() => {
    setState("connecting");
    setAttempt((n) => n + 1);
  }, []);
  return { state, reconnect };
}
