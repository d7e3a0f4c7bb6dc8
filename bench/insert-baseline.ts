// The bare baseline of a faucet request: a plain Bun.serve that parses the JSON body and, in one
// bun:sqlite transaction (WAL, synchronous=NORMAL), checks the address had no request in 24 h and
// inserts one. The floor any checked write can reach on this machine.
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const port = Number(flag("--port") ?? 3000);
const hostname = flag("--host") ?? "127.0.0.1";
const dataDir = flag("--data-dir") ?? "./data";
mkdirSync(dataDir, { recursive: true });

const db = new Database(join(dataDir, "baseline.db"), { create: true, strict: true });
db.run("PRAGMA journal_mode = WAL");
db.run("PRAGMA synchronous = NORMAL");
db.run("create table if not exists requests (id integer primary key, address text not null, created_at integer not null)");
db.run("create index if not exists requests_address_time on requests (address, created_at)");
const seen = db.prepare<{ id: number }, [string, number]>("select id from requests where address = ? and created_at > ? limit 1");
const insert = db.prepare<{ id: number }, [string, number]>("insert into requests (address, created_at) values (?, ?) returning id");
const request = db.transaction((address: string) => {
  const now = Date.now();
  if (seen.get(address, now - 86_400_000)) return null;
  return insert.get(address, now)!.id;
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const server = Bun.serve({
  port,
  hostname,
  routes: {
    "/api/health": () => json(200, { status: "ok" }),
    "/api/faucet/request": {
      POST: async (req) => {
        const body = (await req.json()) as { address?: unknown };
        if (typeof body?.address !== "string") return json(400, { message: "Please enter a valid XRP wallet address" });
        const id = request.immediate(body.address);
        return id === null ? json(429, { message: "limit" }) : json(201, { id, status: "PENDING", address: body.address });
      },
    },
  },
  fetch: () => json(404, { message: "Not found" }),
});
console.log(`insert baseline listening on http://${server.hostname}:${server.port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.stop(true);
    db.close();
    process.exit(0);
  });
}
