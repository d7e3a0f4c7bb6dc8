// The bare baseline the benchmark compares the binary with: a plain Bun.serve answering the same
// JSON as the binary's anonymous reads (/api/health, /api/user, /api/faucet/status, /api/reviews,
// /api/stats/payouts, /api/social/bonus), with nothing else in the way.
// Accepts the binary's flags (--port, --host; --data-dir is ignored) so the harness starts both alike.

import { flag } from "./lib-args.ts";
import { BENCH_FAUCET_STATUS, BENCH_REVIEWS, BENCH_SOCIAL_OFFER } from "./fixtures.ts";

const port = Number(flag("--port") ?? process.env.PORT ?? 3000);
const hostname = flag("--host") ?? process.env.HOST ?? "127.0.0.1";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const server = Bun.serve({
  port,
  hostname,
  routes: {
    "/api/health": () => json(200, { status: "ok" }),
    "/api/user": () => json(401, { message: "Not logged in" }),
    "/api/faucet/status": () => json(200, BENCH_FAUCET_STATUS),
    "/api/reviews": () => json(200, BENCH_REVIEWS),
    "/api/stats/payouts": () => json(200, { totalPayouts: 0 }),
    "/api/social/bonus": () => json(200, BENCH_SOCIAL_OFFER),
  },
  fetch: () => json(404, { message: "Not found" }),
});

console.log(`baseline listening on http://${server.hostname}:${server.port}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.stop(true);
    process.exit(0);
  });
}
