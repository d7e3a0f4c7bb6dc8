// The client of bench/backup.ts, in a process of its own (so that a stall of the server's event loop
// does not stall the client's clock): one read loop (GET /api/faucet/status) and one write loop
// (POST /api/faucet/request, each from a new IP with a new address), one request in flight each,
// until SIGTERM; then prints every request as JSON: [kind, sent (epoch ms), duration ms, status].
import { randomAddress, strangerIp } from "../src/testing/harness.ts";

const url = process.env.BENCH_URL!;
const samples: [string, number, number, number][] = [];
let running = true;
const now = () => performance.timeOrigin + performance.now();

async function loop(kind: "read" | "write") {
  let n = 0;
  while (running) {
    const sent = now();
    const res =
      kind === "read"
        ? await fetch(`${url}/api/faucet/status`)
        : await fetch(`${url}/api/faucet/request`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-test-ip": strangerIp(n++) },
            body: JSON.stringify({ address: randomAddress() }),
          });
    await res.arrayBuffer();
    samples.push([kind, sent, now() - sent, res.status]);
  }
}

// BENCH_BACKUP_WRITES=0: reads only (the stall alone, without the writes' own syncs)
const loops = process.env.BENCH_BACKUP_WRITES === "0" ? [loop("read")] : [loop("read"), loop("write")];
process.on("SIGTERM", async () => {
  running = false;
  await Promise.all(loops);
  await Bun.write(Bun.stdout, JSON.stringify(samples));
  process.exit(0);
});
console.error("client ready");
