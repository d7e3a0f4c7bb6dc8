// GET /metrics: the figures an operator graphs and alerts on, in the Prometheus text format through
// prom-client (a Registry of its own, not the library's global one). Nothing is counted on the
// request path here: the HTTP counts are plain integers kept by src/lib/request-log.ts, and every
// value is read when Prometheus scrapes (`collect`): the database's three grouped counts, the
// payout engine's state, what the ledger connection last heard, the wallet's kept balance (asked
// of the ledger at most every 30 s, in the background), today's budgets.
//
// prom-client is loaded at the first scrape: a start does not pay for it.
import { createHash, timingSafeEqual } from "node:crypto";
import { readdirSync } from "node:fs";
import type { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../../db/client.ts";
import { LATENCY_BUCKETS, type RequestLog } from "../../lib/request-log.ts";
import type { PayoutRuntime } from "../../payouts/runtime.ts";
import type { LedgerFactsView } from "../wallet/service.ts";
import {
  BUDGET_POOLS,
  CLAIM_STATES,
  FAUCET_REQUEST_STATES,
  METRICS,
  type MetricsSources,
  PAYOUT_STATES,
} from "./model.ts";
import { createMetricsRepository, type StatusCount } from "./repository.ts";

type Pool = (typeof BUDGET_POOLS)[number];

export interface MetricsDeps {
  db: Db;
  requests: RequestLog;
  budgetToday: () => Record<Pool, { usedDrops: number; leftDrops: number }>;
  // the payout engine and its ledger connection (null: payouts are off, and their gauges absent)
  payouts: PayoutRuntime | null;
  // the wallet's balance and reserve as the ledger last said (modules/wallet/service.ts keeps it)
  keptLedger: () => Promise<LedgerFactsView | null>;
  sources?: MetricsSources;
  // wall-clock time (the ledger's close times are wall-clock, whatever clock the app runs on)
  now?: () => number;
}

// Everything a scrape reads, taken at once before the registry writes it.
interface Reading {
  faucetRequests: StatusCount[];
  claims: StatusCount[];
  payouts: StatusCount[];
  budget: Record<Pool, { usedDrops: number; leftDrops: number }>;
  paused: boolean | null;
  ledgerAgeSeconds: number | null;
  ledger: LedgerFactsView | null;
  backupAgeSeconds: number | null;
  openAlerts: number | null;
}

export function createMetrics(deps: MetricsDeps) {
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const repo = createMetricsRepository(deps.db);
  let reading: Reading | null = null;
  let registry: Promise<Registry> | null = null;

  // A source another module gives: its value, or null when it has none or fails (the metric is
  // then left out, and the rest of the scrape still answers).
  const fromSource = <T>(read: (() => T | null) | undefined): T | null => {
    if (!read) return null;
    try {
      const value = read();
      return typeof value === "number" && Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  };

  async function read(): Promise<Reading> {
    const runtime = deps.payouts;
    const seen = runtime?.ledger.lastValidated() ?? null;
    const ledger = runtime ? await deps.keptLedger() : null;
    return {
      faucetRequests: repo.faucetRequestsByStatus(),
      claims: repo.claimsByStatus(),
      payouts: repo.payoutsByStatus(),
      budget: deps.budgetToday(),
      paused: runtime ? runtime.engine.status().paused !== null : null,
      ledgerAgeSeconds: runtime ? Math.max(0, (now() - (seen?.closedAt ?? startedAt)) / 1000) : null,
      ledger,
      backupAgeSeconds: fromSource(deps.sources?.backupAgeSeconds),
      openAlerts: fromSource(deps.sources?.openAlerts),
    };
  }

  async function build(): Promise<Registry> {
    const client = await import("prom-client");
    const registry = new client.Registry();
    const registers = [registry];
    const current = () => reading!;

    // A count by state: every known state (0 included), then any other the table holds.
    function byState(
      metric: { name: string; help: string },
      states: readonly string[],
      pick: (r: Reading) => StatusCount[],
    ) {
      new client.Gauge({
        ...metric,
        labelNames: ["status"],
        registers,
        collect(this: Gauge<"status">) {
          this.reset();
          for (const status of states) this.set({ status }, 0);
          for (const row of pick(current())) this.set({ status: row.status }, row.n);
        },
      });
    }
    // A value that may be unknown (null): its series is then left out, never written as 0.
    function maybe(metric: { name: string; help: string }, pick: (r: Reading) => number | null) {
      new client.Gauge({
        ...metric,
        registers,
        collect(this: Gauge) {
          const value = pick(current());
          if (value === null) this.remove();
          else this.set(value);
        },
      });
    }
    const countOf = (rows: StatusCount[], status: string) => rows.find((r) => r.status === status)?.n ?? 0;

    new client.Counter({
      ...METRICS.httpRequests,
      labelNames: ["method", "route", "status"],
      registers,
      collect(this: Counter<"method" | "route" | "status">) {
        this.reset();
        for (const stats of deps.requests.all()) {
          for (const [status, n] of stats.statuses)
            this.inc({ method: stats.method, route: stats.route, status: String(status) }, n);
        }
      },
    });
    // (a prom-client Histogram takes one observation at a time; this one is written from the counts)
    registry.registerMetric(requestDurations(deps.requests) as unknown as Histogram);

    byState(METRICS.faucetRequests, FAUCET_REQUEST_STATES, (r) => r.faucetRequests);
    byState(METRICS.claims, CLAIM_STATES, (r) => r.claims);
    byState(METRICS.payouts, PAYOUT_STATES, (r) => r.payouts);
    maybe(METRICS.payoutsQueued, (r) => countOf(r.payouts, "queued"));
    maybe(METRICS.payoutsInFlight, (r) => countOf(r.payouts, "in_flight"));
    maybe(METRICS.payoutsPaused, (r) => (r.paused === null ? null : r.paused ? 1 : 0));
    maybe(METRICS.ledgerAge, (r) => r.ledgerAgeSeconds);
    maybe(METRICS.walletBalance, (r) => r.ledger?.balanceDrops ?? null);
    maybe(METRICS.walletSpendable, (r) =>
      r.ledger ? Math.max(0, r.ledger.balanceDrops - r.ledger.reserveDrops) : null,
    );
    for (const [metric, field] of [
      [METRICS.budgetUsed, "usedDrops"],
      [METRICS.budgetLeft, "leftDrops"],
    ] as const) {
      new client.Gauge({
        ...metric,
        labelNames: ["pool"],
        registers,
        collect(this: Gauge<"pool">) {
          for (const pool of BUDGET_POOLS) this.set({ pool }, current().budget[pool][field]);
        },
      });
    }
    maybe(METRICS.backupAge, (r) => r.backupAgeSeconds);
    maybe(METRICS.openAlerts, (r) => r.openAlerts);

    // A few process figures, read when scraped (prom-client's default metrics cost several ms a
    // scrape and keep an event-loop timer running; these cost microseconds).
    new client.Counter({
      ...METRICS.cpu,
      registers,
      collect(this: Counter) {
        const { user, system } = process.cpuUsage();
        this.reset();
        this.inc((user + system) / 1e6);
      },
    });
    maybe(METRICS.memory, () => process.memoryUsage.rss());
    maybe(METRICS.startTime, () => Math.round(performance.timeOrigin / 1000));
    maybe(METRICS.openFds, () => {
      try {
        return readdirSync("/proc/self/fd").length - 1; // (less the one reading the directory)
      } catch {
        return null; // not on Linux
      }
    });
    return registry;
  }

  return {
    // The whole exposition, read now.
    async scrape(): Promise<string> {
      const built = await (registry ??= build());
      reading = await read();
      // (every collect runs synchronously at the start of metrics(): this scrape's reading)
      return built.metrics();
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

// The latency histogram, written from request-log.ts's bucket counts in prom-client's own shape
// (what its Histogram returns from get()), so the Registry writes it as any histogram.
function requestDurations(requests: RequestLog) {
  const { name, help } = METRICS.httpDuration;
  const get = async () => {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const stats of requests.all()) {
      const labels = { method: stats.method, route: stats.route };
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += stats.buckets[i]!;
        values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative });
      });
      values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: "+Inf" }, value: stats.count });
      values.push({ metricName: `${name}_sum`, labels, value: stats.sumSeconds });
      values.push({ metricName: `${name}_count`, labels, value: stats.count });
    }
    return { name, help, type: "histogram", aggregator: "sum", values };
  };
  return { name, help, type: "histogram", aggregator: "sum", get };
}

// Who may read GET /metrics (docs/decisions.md, "Metrics"): a request from this machine, or one
// bearing the operator's token (--metrics-token). "From this machine": the socket's peer is a
// loopback address (never X-Forwarded-For, which anyone can write) and the request carries no
// forwarding header, since a reverse proxy on the same machine connects from loopback for every
// visitor it forwards. The token is compared in constant time (as SHA-256 digests, equal lengths).
export function createScrapeAccess(token: string | null) {
  const digest = token === null ? null : sha256(token);
  return (request: Request, peer: string): boolean => {
    if (isLoopback(peer) && !FORWARDING_HEADERS.some((name) => request.headers.has(name))) return true;
    if (digest === null) return false;
    const presented = /^bearer +(\S+) *$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    return presented !== undefined && timingSafeEqual(sha256(presented), digest);
  };
}

const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];
const sha256 = (text: string) => createHash("sha256").update(text).digest();

// 127.0.0.0/8 and ::1 (an IPv4-mapped address arrives as its IPv4 from the resolver).
export function isLoopback(ip: string): boolean {
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || /^::ffff:127\./i.test(ip);
}
