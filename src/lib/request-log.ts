// Every answered request, counted by method, route pattern and status, with its time in latency
// buckets: plain integers here, which GET /metrics (src/modules/metrics) turns into Prometheus
// values when it is scraped. With --log-format json each request also gets an id, sent back as
// `x-request-id`, and an access line (src/lib/log.ts).
// createApp wraps Elysia's handler (`observeElysia`), so every answer is counted once.
//
// The route is the pattern the request matched (`/api/admin/faucet/requests/:id`), never its URL:
// a label per URL would grow without bound. A request no route answered (the catch-alls included:
// `/api/*`, and the web app's `/*` for an /api path, which only say that a call does not exist), or
// one refused before routing (a declared body over the limit, a cross-site write, a forged
// X-Forwarded-For), is `unmatched`. The web app's pages and files are `/*`.
import type { AccessEntry } from "./log.ts";

export const UNMATCHED = "unmatched";

// Upper bounds of the latency buckets, in seconds: the public reads answer in tens of microseconds,
// a faucet request in about a millisecond, a login's password hash in about a hundred.
export const LATENCY_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

// The methods counted under their own name; any other (Bun passes custom methods through) is OTHER.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

// One method and route: its answers by status, and its latencies.
export interface RouteStats {
  method: string;
  route: string;
  statuses: Map<number, number>;
  // counts per bucket of LATENCY_BUCKETS (not cumulative), the last one past the largest bound
  buckets: number[];
  count: number;
  sumSeconds: number;
}

const ROUTE = Symbol("route");

function isApiUrl(url: string): boolean {
  const path = url.indexOf("/", url.indexOf("//") + 2);
  return path !== -1 && url.startsWith("/api", path) && (url.length === path + 4 || "/?#".includes(url[path + 4]!));
}
type Labeled = Request & { [ROUTE]?: string };

export interface RequestLog {
  // Names the route a request matched (createApp's onTransform and onError hooks).
  label(request: Request, route: string | undefined): void;
  // The wrap for Elysia's handler (`app.wrap`): counts whatever answer it gives.
  observeElysia<R>(handle: (request: Request) => R, request: Request): R;
  // Every method and route seen so far.
  all(): Iterable<RouteStats>;
}

export function createRequestLog(options: { access?: ((entry: AccessEntry) => void) | null } = {}): RequestLog {
  const access = options.access ?? null;
  // route -> method -> stats
  const routes = new Map<string, Map<string, RouteStats>>();

  function statsFor(method: string, route: string): RouteStats {
    let byMethod = routes.get(route);
    if (!byMethod) routes.set(route, (byMethod = new Map()));
    const name = METHODS.has(method) ? method : "OTHER";
    let stats = byMethod.get(name);
    if (!stats) {
      stats = {
        method: name,
        route,
        statuses: new Map(),
        buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0),
        count: 0,
        sumSeconds: 0,
      };
      byMethod.set(name, stats);
    }
    return stats;
  }

  // Counts an answer (started: performance.now() when the request came); returns it, with its
  // `x-request-id` under --log-format json.
  function answered(stats: RouteStats, response: Response, started: number): Response {
    const ms = performance.now() - started;
    const seconds = ms / 1000;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    stats.buckets[bucket]!++;
    stats.count++;
    stats.sumSeconds += seconds;
    const status = response.status;
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    if (access) {
      const requestId = crypto.randomUUID();
      try {
        response.headers.set("x-request-id", requestId);
      } catch {
        // (a Response whose headers are immutable keeps them; the log line still has the id)
      }
      access({ requestId, method: stats.method, route: stats.route, status, durationMs: Math.round(ms * 1000) / 1000 });
    }
    return response;
  }

  function finish(request: Request, response: Response, started: number): Response {
    let route = (request as Labeled)[ROUTE];
    // The catch-alls: /api/* and, for an /api path, the web app's /* only say that a call does not exist.
    if (route === undefined || route === "/api/*" || (route === "/*" && isApiUrl(request.url))) route = UNMATCHED;
    return answered(statsFor(request.method, route), response, started);
  }

  return {
    label(request, route) {
      if (route !== undefined) (request as Labeled)[ROUTE] = route;
    },
    observeElysia(handle, request) {
      const started = performance.now();
      const result = handle(request) as unknown;
      if (result instanceof Response) return finish(request, result, started) as never;
      if (result instanceof Promise)
        return result.then((response) =>
          response instanceof Response ? finish(request, response, started) : response,
        ) as never;
      return result as never;
    },
    all: function* () {
      for (const byMethod of routes.values()) yield* byMethod.values();
    },
  };
}
