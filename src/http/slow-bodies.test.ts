// A flood of slow bodies (a connection that sends its headers and then a byte now and then) holds
// file descriptors until none are left. Each network may have a few bodies on
// the way at once, and a body must arrive within the deadline: over real HTTP, with raw sockets.
import { afterEach, expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { randomAddress, testApp, type TestApp } from "../testing/harness.ts";
import { BODY_READS_PER_NETWORK } from "./body.ts";

let t: TestApp;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t.close();
});

// Sends a POST whose body never finishes; resolves with the status line the server answers.
function slowUpload(port: number, ip: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `POST /api/faucet/request HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-Test-IP: ${ip}\r\n\r\n{"addr`,
      );
    });
    sockets.push(socket);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (answer.includes("\r\n")) resolve(answer.split("\r\n")[0]!);
    });
    socket.on("error", () => resolve("error"));
  });
}

test("one network's slow bodies: a few are read at once, the rest refused at once; each times out; others are served", async () => {
  t = testApp({ bodyDeadlineMs: 600 });
  // (a day whose 12:00 slice pays both requests below, whatever amounts they draw)
  const admin = await t.registerAdmin();
  expect(
    (await t.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { dailyLimit: "1000" } })).status,
  ).toBe(200);
  const url = t.listen();
  const port = Number(new URL(url).port);
  const started = performance.now();
  const answers = Array.from({ length: BODY_READS_PER_NETWORK + 8 }, () => slowUpload(port, "2001:db8:66:1::9"));
  // the ones past the network's share are refused at once
  const first = await Promise.race(answers);
  expect(first).toBe("HTTP/1.1 429 Too Many Requests");
  // someone else, meanwhile, is served
  const other = await fetch(`${url}/api/faucet/request`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-ip": "198.51.100.44" },
    body: JSON.stringify({ address: randomAddress() }),
  });
  expect(other.status).toBe(201);
  const all = await Promise.all(answers);
  expect(all.filter((a) => a === "HTTP/1.1 429 Too Many Requests")).toHaveLength(8);
  expect(all.filter((a) => a === "HTTP/1.1 408 Request Timeout")).toHaveLength(BODY_READS_PER_NETWORK);
  expect(performance.now() - started).toBeLessThan(5_000);
  // their places are free again
  const after = await fetch(`${url}/api/faucet/request`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-ip": "2001:db8:66:1::9" },
    body: JSON.stringify({ address: randomAddress() }),
  });
  expect(after.status).toBe(201);
}, 15_000);
