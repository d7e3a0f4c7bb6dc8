// A bystander, in a process of its own (so that a stall of the server's event loop does not stall
// the client's clock): one read loop (GET /api/faucet/status) and one write loop (POST
// /api/faucet/request, each from a new IP with a new address), one request in flight each, until
// SIGTERM; then prints every request as JSON: [kind, sent (epoch ms), duration ms, status]. A request
// still unanswered 2 s after the SIGTERM is printed with status 0 and the time it has waited, one
// whose connection failed with -1.
// Used by bench/backup.ts (the test harness's x-test-ip) and bench/flood.ts (X-Forwarded-For).
// Environment: BENCH_URL; BENCH_CLIENT_IP_HEADER (x-test-ip), BENCH_CLIENT_FIRST_IP (0: the first
// visitor's number, harness.ts's strangerIp), BENCH_CLIENT_NETWORKS=fresh (each visitor from an IPv6
// /32 of its own instead, one of 11.7M from 2d00:0:: to 2db3:ffff::, consecutive ones 180 apart: a
// visitor that shares no network with a load's requests), BENCH_CLIENT_HEADERS (JSON: more headers
// for both loops), BENCH_BACKUP_WRITES=0 (reads only).
import { randomAddress, strangerIp } from "../src/testing/harness.ts";

const url = process.env.BENCH_URL!;
const ipHeader = process.env.BENCH_CLIENT_IP_HEADER ?? "x-test-ip";
const freshNetworks = process.env.BENCH_CLIENT_NETWORKS === "fresh";
const visitorIp = (n: number) =>
  freshNetworks
    ? `${(0x2d00 + (n % 180)).toString(16)}:${(Math.floor(n / 180) % 65536).toString(16)}:1:1::7`
    : strangerIp(n);
const headers = JSON.parse(process.env.BENCH_CLIENT_HEADERS ?? "{}") as Record<string, string>;
const samples: [string, number, number, number][] = [];
const inFlight = new Map<string, number>();
let running = true;
const now = () => performance.timeOrigin + performance.now();

async function loop(kind: "read" | "write") {
  let n = Number(process.env.BENCH_CLIENT_FIRST_IP ?? 0);
  while (running) {
    const sent = now();
    inFlight.set(kind, sent);
    let status = -1; // no answer: the connection failed (a server restarted under it)
    try {
      const res =
        kind === "read"
          ? await fetch(`${url}/api/faucet/status`, { headers })
          : await fetch(`${url}/api/faucet/request`, {
              method: "POST",
              headers: { ...headers, "content-type": "application/json", [ipHeader]: visitorIp(n++) },
              body: JSON.stringify({ address: randomAddress() }),
            });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      await Bun.sleep(10);
    }
    inFlight.delete(kind);
    samples.push([kind, sent, now() - sent, status]);
  }
}

// BENCH_BACKUP_WRITES=0: reads only (the stall alone, without the writes' own syncs)
const loops = process.env.BENCH_BACKUP_WRITES === "0" ? [loop("read")] : [loop("read"), loop("write")];
process.on("SIGTERM", async () => {
  running = false;
  await Promise.race([Promise.all(loops), Bun.sleep(2000)]);
  const at = now();
  for (const [kind, sent] of inFlight) samples.push([kind, sent, at - sent, 0]);
  await Bun.write(Bun.stdout, JSON.stringify(samples));
  process.exit(0);
});
console.error("client ready");
