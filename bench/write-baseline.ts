// The bare baselines of a faucet request's write (bench/run.ts, bench/flood.ts): a plain Bun.serve
// that parses the JSON body and the address (src/lib/ledger-address.ts) and, in the app's own group
// commit (src/db/group-commit.ts: one transaction an event-loop turn, a savepoint a request) on a
// database opened with the app's pragmas (src/db/open.ts: WAL, synchronous = FULL), checks and
// inserts. The floor a checked, durable write can reach on this machine. Two kinds of rows:
//   --rows bare  a table of (id, address, created_at) and one index; refused (429) when the address
//                asked in the last 24 h. --seed N stores N requests of the last 24 h first.
//   --rows app   the app's faucet_requests, its row and indexes as the app's migrations make them
//                (a fresh app.db, or the one in --data-dir, e.g. a copy of a seeded one); refused
//                (429) when the address asked in 24 h or its network (src/lib/ip-group.ts) gave 3
//                addresses; else the row written whole with the values the app sets for a request
//                of the bench's settings (1 drop), and the day's total moved.
// The client IP is the last X-Forwarded-For hop (as the binary's --trust-proxy reads it), the
// device the `device` cookie. GET /api/faucet/status answers one read of the database.
// --writer worker (a trial of whether the flush pays off the event loop): the store,
// its group commit and its fsync live in a worker thread, to which the main thread posts each
// event-loop turn's checked requests in one message and from which it gets their outcomes in one,
// so HTTP is parsed while a batch commits. (bench/worker-writer.ts measures it beside the default.)
// Flags: --rows bare|app, --host, --port, --data-dir, --seed N (bare only), --writer loop|worker.
import type { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { isMainThread } from "node:worker_threads";
import { encodeAccountID } from "ripple-address-codec";
import { createGroupCommit } from "../src/db/group-commit.ts";
import { openMigratedDatabase } from "../src/db/migrate.ts";
import { openSqlite } from "../src/db/open.ts";
import { ipNetworks } from "../src/lib/ip-group.ts";
import { parseLedgerAddress } from "../src/lib/ledger-address.ts";
import { DAY_MS, utcDay } from "../src/lib/time.ts";
import { flag } from "./lib-args.ts";

const rows = flag("--rows") ?? "bare";
if (rows !== "bare" && rows !== "app") throw new Error(`--rows must be bare or app, got ${rows}`);
const port = Number(flag("--port") ?? 3000);
const hostname = flag("--host") ?? "127.0.0.1";
const dataDir = flag("--data-dir") ?? "./data";
const seed = Number(flag("--seed") ?? 0);
const writer = flag("--writer") ?? "loop";
if (writer !== "loop" && writer !== "worker") throw new Error(`--writer must be loop or worker, got ${writer}`);
const PER_NETWORK_DAILY = 3; // the app's default per_ip_daily
mkdirSync(dataDir, { recursive: true });

interface Visitor {
  address: string;
  ip: string;
  device: string;
  userAgent: string | null;
}
class Refused extends Error {}

// What each kind of row checks and writes (inside the group commit's savepoint), and reads for the status.
interface Store {
  sqlite: Database;
  write(v: Visitor, now: number): number;
  status(now: number): unknown;
}

function bareStore(): Store {
  const sqlite = openSqlite(join(dataDir, "baseline.db"));
  sqlite.run(
    "create table if not exists requests (id integer primary key, address text not null, created_at integer not null)",
  );
  sqlite.run("create index if not exists requests_address_time on requests (address, created_at)");
  const seen = sqlite.prepare<{ id: number }, [string, number]>(
    "select id from requests where address = ? and created_at > ? limit 1",
  );
  const insert = sqlite.prepare<{ id: number }, [string, number]>(
    "insert into requests (address, created_at) values (?, ?) returning id",
  );
  if (seed > 0) {
    const now = Date.now();
    sqlite.transaction(() => {
      for (let i = 0; i < seed; i++)
        insert.get(
          encodeAccountID(crypto.getRandomValues(new Uint8Array(20))),
          now - 60_000 - Math.floor((i * 23 * 3_600_000) / seed),
        );
    })();
  }
  const newest = sqlite.prepare<{ id: number | null }, []>("select max(id) as id from requests");
  return {
    sqlite,
    write(v, now) {
      if (seen.get(v.address, now - DAY_MS)) throw new Refused();
      return insert.get(v.address, now)!.id;
    },
    status: () => ({ isActive: true, newest: newest.get()!.id }),
  };
}

function appStore(): Store {
  const sqlite = openMigratedDatabase(join(dataDir, "app.db"));
  const lastForAddress = sqlite.prepare<{ created_at: number }, [string, number]>(
    "select created_at from faucet_requests where address = ? and created_at > ? and reason is null order by created_at desc limit 1",
  );
  const fromNetwork = sqlite.prepare<{ n: number }, [string, number, string]>(
    "select count(distinct address) as n from faucet_requests where ip_network = ? and created_at > ? and address != ?",
  );
  const insert = sqlite.prepare<
    { id: number },
    [string, string, string, string, string, string, string | null, string, number]
  >(
    `insert into faucet_requests (user_id, address, destination_tag, amount_drops, reason, risk_score, risk_reasons, requester_ip,
       ip_group, ip_network, ip_wide, device_id, user_agent, budget_day, created_at)
     values (null, ?1, null, 1, null, 0, '[]', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) returning *`,
  );
  const addToDay = sqlite.prepare<unknown, [string]>(
    "insert into faucet_daily_totals (day, amount_drops, requests) values (?1, 1, 1) on conflict(day) do update set amount_drops = amount_drops + 1, requests = requests + 1",
  );
  const dayTotal = sqlite.prepare<{ amount_drops: number }, [string]>(
    "select amount_drops from faucet_daily_totals where day = ?",
  );
  return {
    sqlite,
    write(v, now) {
      const since = now - DAY_MS;
      if (lastForAddress.get(v.address, since)) throw new Refused();
      const nets = ipNetworks(v.ip, "subnet");
      if (fromNetwork.get(nets.network, since, v.address)!.n >= PER_NETWORK_DAILY) throw new Refused();
      const day = utcDay(now);
      const id = insert.get(v.address, v.ip, nets.group, nets.network, nets.wide, v.device, v.userAgent, day, now)!.id;
      addToDay.run(day);
      return id;
    },
    status: (now) => ({ isActive: true, usedDrops: dayTotal.get(utcDay(now))?.amount_drops ?? 0 }),
  };
}

// What the server asks of its store: a request's write (its id, or null when refused) and the status.
interface Writes {
  write(v: Visitor, now: number): Promise<number | null>;
  status(now: number): Promise<unknown>;
  close(): void;
}

// The store on this thread, its group commit on the event loop.
function storeHere(): Writes {
  const store = rows === "bare" ? bareStore() : appStore();
  const groupCommit = createGroupCommit(store.sqlite);
  return {
    write: (v, now) =>
      groupCommit(() => store.write(v, now)).catch((error) => {
        if (error instanceof Refused) return null;
        throw error;
      }),
    status: async (now) => store.status(now),
    close: () => store.sqlite.close(),
  };
}

// A message between the threads: a turn's jobs, each [job number, request or null for the status, now].
type Job = [number, Visitor | null, number];
type Outcome = [number, unknown];

// Sends what a turn gathered in one message (a message per request costs more than its write).
function batcher<T>(post: (items: T[]) => void) {
  let items: T[] = [];
  return (item: T) => {
    if (items.length === 0)
      setImmediate(() => {
        const sent = items;
        items = [];
        post(sent);
      });
    items.push(item);
  };
}

// The store in a worker thread (this file again): the jobs posted there, their outcomes posted back.
async function storeInWorker(): Promise<Writes> {
  const worker = new Worker(import.meta.url, { argv: process.argv.slice(2) } as WorkerOptions);
  await new Promise<void>((ready, failed) => {
    worker.onmessage = () => ready();
    worker.onerror = (e) => failed(e);
  });
  const waiting = new Map<number, (outcome: unknown) => void>();
  let jobs = 0;
  worker.onmessage = (e: MessageEvent<Outcome[]>) => {
    for (const [job, outcome] of e.data) {
      waiting.get(job)!(outcome);
      waiting.delete(job);
    }
  };
  const send = batcher<Job>((sent) => worker.postMessage(sent));
  const ask = (v: Visitor | null, now: number) =>
    new Promise<unknown>((resolve) => {
      waiting.set(jobs, resolve);
      send([jobs++, v, now]);
    });
  return {
    write: (v, now) => ask(v, now) as Promise<number | null>,
    status: (now) => ask(null, now),
    close: () => worker.terminate(),
  };
}

if (!isMainThread) {
  const here = storeHere();
  const reply = batcher<Outcome>((sent) => postMessage(sent));
  self.onmessage = (e: MessageEvent<Job[]>) => {
    for (const [job, v, now] of e.data)
      (v ? here.write(v, now) : here.status(now)).then((outcome) => reply([job, outcome]));
  };
  postMessage("ready");
} else {
  await serve(writer === "worker" ? await storeInWorker() : storeHere());
}

async function serve(store: Writes) {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const deviceOf = (cookie: string | null) =>
    /(?:^|;\s*)device=([A-Za-z0-9_-]{22,64})/.exec(cookie ?? "")?.[1] ??
    Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");

  const server = Bun.serve({
    port,
    hostname,
    routes: {
      "/api/health": () => json(200, { status: "ok" }),
      "/api/faucet/status": async () => json(200, await store.status(Date.now())),
      "/api/faucet/request": {
        POST: async (req, srv) => {
          const body = (await req.json().catch(() => null)) as { address?: unknown } | null;
          const parsed = parseLedgerAddress(body?.address);
          if (!parsed) return json(400, { message: "Please enter a valid XRP wallet address" });
          const visitor: Visitor = {
            address: parsed.address,
            ip:
              req.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || srv.requestIP(req)?.address || "unknown",
            device: deviceOf(req.headers.get("cookie")),
            userAgent: req.headers.get("user-agent"),
          };
          const id = await store.write(visitor, Date.now());
          if (id === null) return json(429, { message: "limit" });
          return json(201, { id, status: "PENDING", amount: "0.000001", address: parsed.address });
        },
      },
    },
    fetch: () => json(404, { message: "Not found" }),
  });
  console.log(`write baseline (${rows} rows) listening on http://${server.hostname}:${server.port}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      server.stop(true);
      store.close();
      process.exit(0);
    });
  }
}
