// The admin page's API calls on a big faucet: 100,000 faucet requests and 10,000 users. Prints the
// median time of each call the admin screen makes when it opens (in-process, app.handle).
import { randomAddress, testApp } from "../src/testing/harness.ts";
import { captureOutput, writeRecord } from "./record.ts";

const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 100_000);
const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 10_000);
const t = testApp({ clock: Date.now });
const admin = (await t.registerAdmin()).cookie;
const now = Date.now();
const seedStarted = performance.now();
t.db.sqlite.transaction(() => {
  const user = t.db.sqlite.prepare(
    "insert into users (username, email, password_hash, xrp_address, total_claimed_drops, daily_streak, created_at) values (?, ?, 'x', ?, ?, ?, ?)",
  );
  for (let i = 0; i < USERS; i++)
    user.run(
      `user${i}`,
      `user${i}@example.com`,
      i % 2 ? randomAddress() : null,
      i % 3 ? 0 : 5_000_000,
      i % 4,
      now - i * 1000,
    );
  const request = t.db.sqlite.prepare(
    "insert into faucet_requests (user_id, address, amount_drops, status, risk_score, risk_reasons, requester_ip, ip_group, device_id, created_at) values (?, ?, ?, ?, ?, '[]', ?, ?, ?, ?)",
  );
  const statuses = ["PROCESSED", "REJECTED", "PENDING", "PROCESSED"];
  for (let i = 0; i < REQUESTS; i++) {
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    request.run(
      i % 5 ? null : (i % USERS) + 2,
      randomAddress(),
      5_000_000,
      statuses[i % 4]!,
      i % 100,
      ip,
      ip,
      `device${i}`,
      now - i * 500,
    );
  }
  const reward = t.db.sqlite.prepare(
    "insert into rewards (user_id, type, amount_drops, status, platform, created_at) values (?, 'SOCIAL_SHARE', 5000000, ?, 'Twitter', ?)",
  );
  for (let i = 0; i < USERS; i++) reward.run(i + 2, i % 10 ? "APPROVED" : "PENDING", now - i * 1000);
})();
t.db.sqlite.run("analyze");
console.log(
  `admin bench: ${REQUESTS} faucet requests, ${USERS} users, ${USERS} rewards seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const printed = captureOutput();
const calls = [
  "/api/admin/users",
  "/api/admin/users?search=user99",
  "/api/admin/users?page=50",
  "/api/admin/faucet/requests",
  "/api/admin/claims",
  "/api/admin/processed-claims",
  "/api/admin/faucet/settings",
  "/api/admin/newsletter-signups",
  "/api/admin/advertising/requests",
];
for (const url of calls) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    const res = await t.call("GET", url, { cookie: admin });
    times.push(performance.now() - started);
    bytes = res.text.length;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${url.padEnd(36)} median ${times[7]!.toFixed(1).padStart(6)} ms   ${(bytes / 1024).toFixed(0).padStart(5)} KiB`,
  );
}
writeRecord("admin", { lines: printed.stop() });
t.close();
