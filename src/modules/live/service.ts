// The back office's event stream: each admin screen keeps one open (GET /api/admin/events) and is
// told which of its reads changed; it then reads them again (web/src/app/admin/live.ts). The
// features say what changed (`changed`), which costs nothing while no admin watches. Changes are
// gathered for LIVE_GATHER_MS and sent together.
import { tooManyRequests } from "../../lib/errors.ts";
import {
  LIVE_GATHER_MS,
  LIVE_HEARTBEAT_MS,
  LIVE_MESSAGES,
  LIVE_STREAMS_MAX,
  LIVE_STREAMS_PER_SESSION,
  LIVE_TOPICS,
  type LiveTopic,
  liveEvent,
} from "./model.ts";

interface Stream {
  sessionId: string;
  send(text: string): void;
  close(): void;
  // whether its session may still watch (checked at each heartbeat)
  stillAllowed(): boolean;
}

export interface LiveOptions {
  gatherMs?: number;
  heartbeatMs?: number;
}

export function createLive({ gatherMs = LIVE_GATHER_MS, heartbeatMs = LIVE_HEARTBEAT_MS }: LiveOptions = {}) {
  const streams = new Set<Stream>();
  const gathered = new Set<LiveTopic>();
  let sending: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  const send = () => {
    sending = null;
    const reads = new Set<string>();
    for (const topic of gathered) for (const read of LIVE_TOPICS[topic]) reads.add(read);
    gathered.clear();
    const text = liveEvent([...reads]);
    for (const stream of streams) stream.send(text);
  };

  const beat = () => {
    for (const stream of streams) {
      if (stream.stillAllowed()) stream.send(": still here\n\n");
      else stream.close();
    }
  };

  const remove = (stream: Stream) => {
    streams.delete(stream);
    if (streams.size === 0 && heartbeat !== null) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };

  return {
    changed(topic: LiveTopic): void {
      if (streams.size === 0) return;
      gathered.add(topic);
      sending ??= setTimeout(send, gatherMs);
    },

    // A stream for this session: its body, which stays open until the admin leaves, the session
    // ends (seen at the next heartbeat) or the server stops. 429 past the limits.
    open(sessionId: string, stillAllowed: () => boolean): ReadableStream<Uint8Array> {
      let ofSession = 0;
      for (const s of streams) if (s.sessionId === sessionId) ofSession++;
      if (ofSession >= LIVE_STREAMS_PER_SESSION) throw tooManyRequests(LIVE_MESSAGES.tooManyTabs, 60, "LIVE_LIMIT");
      if (streams.size >= LIVE_STREAMS_MAX) throw tooManyRequests(LIVE_MESSAGES.tooMany, 60, "LIVE_LIMIT");
      const encoder = new TextEncoder();
      let stream: Stream;
      return new ReadableStream<Uint8Array>({
        start(controller) {
          let open = true;
          stream = {
            sessionId,
            stillAllowed,
            send(text) {
              if (!open) return;
              try {
                controller.enqueue(encoder.encode(text));
              } catch {
                stream.close();
              }
            },
            close() {
              if (!open) return;
              open = false;
              remove(stream);
              try {
                controller.close();
              } catch {
                // the client went away first
              }
            },
          };
          streams.add(stream);
          heartbeat ??= setInterval(beat, heartbeatMs);
          heartbeat.unref?.();
          // a client that reconnects waits this long first; the first line opens the stream at once
          stream.send("retry: 3000\n: live\n\n");
        },
        cancel() {
          stream.close();
        },
      });
    },

    // How many streams are open (the metrics, the tests).
    watching: () => streams.size,

    // Every stream ended: the server is stopping, and a stream would hold it open.
    closeAll(): void {
      for (const stream of [...streams]) stream.close();
      if (sending !== null) clearTimeout(sending);
      sending = null;
      gathered.clear();
    },
  };
}
export type Live = ReturnType<typeof createLive>;
