// The server before the app. main.ts listens as soon as the database is open and migrated: this
// Bun.serve answers GET /api/health from the database at once (what a load balancer or a monitor
// asks first) and holds every other request until the app is built, then hands the app the same
// server (Elysia's own listen, its routes and fetch put in with server.reload), so a request that
// came early gets the app's normal answer, late. The app's code (Elysia, typebox, Drizzle, every
// feature) is loaded after the listen, by main.ts's dynamic import of app.ts: evaluating and
// building it was most of a start (docs/decisions.md, "Listen first").
//
// Nothing here may import the app's graph (Elysia, Drizzle): only `import type` from it.
import type { Database } from "bun:sqlite";
import type { Server } from "bun";
import type { App } from "./app.ts";
import { createPublicReads } from "./http/public-reads.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { INTERNAL_ERROR, jsonError } from "./lib/errors.ts";
import { addHealthRead } from "./modules/health/read.ts";
import { createHealth } from "./modules/health/service.ts";

// The Bun.serve settings server.reload cannot change, as Elysia's listen sets them for createApp's
// app (its `serve` options and its defaults); `handOver` refuses an app that would want others.
// development: never (createApp says so too): Bun's development page for a fault shows the error,
// its stack and the source around it.
const FIXED_SETTINGS = {
  maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  idleTimeout: 30,
  reusePort: true,
  development: false,
} as const;

export interface ListenFirst {
  server: Server<undefined>;
  // Settles when the app answers everything (after handOver).
  ready: Promise<App>;
  // Puts the built app behind the server, and the requests that waited through it; says how many
  // requests waited.
  handOver(app: App): number;
}

export function listenFirst(options: {
  port: number;
  hostname: string;
  sqlite: Database;
  publicUrl: string | null;
  version: string;
  clock?: () => number;
}): ListenFirst {
  const clock = options.clock ?? Date.now;
  let handed: (app: App) => void = () => {};
  const ready = new Promise<App>((resolve) => {
    handed = resolve;
  });
  let waiting = 0;
  const waitForApp = async (request: Request) => {
    waiting++;
    return (await ready).fetch(request);
  };

  // GET /api/health as the app answers it (modules/health's public read, with the app's API headers),
  // its uptime counted from here; what the read declines (a declared body) waits for the app. The
  // app's route takes over with its own probe at the hand-over.
  const apiHeaders = { ...securityHeaders(options.publicUrl), "cache-control": "no-store" };
  const reads = createPublicReads(apiHeaders, waitForApp);
  addHealthRead({
    health: createHealth({ db: { sqlite: options.sqlite }, clock }),
    clock,
    version: options.version,
    reads,
  });

  const server = Bun.serve({
    ...FIXED_SETTINGS,
    port: options.port,
    hostname: options.hostname,
    routes: reads.routes,
    fetch: waitForApp,
    // (a fault before the hand-over: the app's generic answer; the error to the log)
    error(error) {
      console.error(`error: a request before the app was built: ${error.stack ?? error.message}`);
      return jsonError(500, INTERNAL_ERROR, apiHeaders);
    },
  });

  return {
    server,
    ready,
    handOver(app) {
      // Elysia's listen does everything a listen does (compiles the app, maps its routes onto Bun's
      // router, merges the public reads, sets app.server, which gives the client IP, runs onStart)
      // and ends in Bun.serve(settings): here that call reloads this server with them instead.
      const serve = Bun.serve;
      Bun.serve = ((settings: Bun.Serve.Options<undefined>) => {
        for (const [key, value] of Object.entries(FIXED_SETTINGS)) {
          const wanted = (settings as unknown as Record<string, unknown>)[key];
          if (wanted !== value)
            throw new Error(
              `listen-first: the app wants Bun.serve's ${key} = ${String(wanted)}, this server has ${String(value)} (src/listen-first.ts)`,
            );
        }
        server.reload(settings);
        return server;
      }) as typeof Bun.serve;
      try {
        app.listen({ port: server.port, hostname: options.hostname });
      } finally {
        Bun.serve = serve;
      }
      handed(app);
      return waiting;
    },
  };
}
