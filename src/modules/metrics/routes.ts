import { Elysia } from "elysia";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { METRICS_CONTENT_TYPE } from "./model.ts";
import { createScrapeAccess, type Metrics } from "./service.ts";

// GET /metrics (Prometheus' text format), for this machine or the bearer of --metrics-token. Anyone
// else gets `notFound`, the answer of a path the site does not have: a scanner cannot tell the
// endpoint is there (docs/decisions.md, "Metrics").
export function metricsRoutes(deps: {
  metrics: Metrics;
  token: string | null;
  // the socket's peer address (never X-Forwarded-For)
  peerIp: ClientIpResolver;
  notFound: (request: Request) => Response | Promise<Response>;
  headers: Record<string, string>;
}) {
  const allowed = createScrapeAccess(deps.token);
  return new Elysia().get(
    "/metrics",
    async ({ request, server }) => {
      if (!allowed(request, deps.peerIp(request, server))) return deps.notFound(request);
      return new Response(await deps.metrics.scrape(), {
        headers: { ...deps.headers, "content-type": METRICS_CONTENT_TYPE },
      });
    },
    { detail: { hide: true } },
  );
}
