// Faucet requests as wrk sends them (bench/run.ts's write scenario, bench/flood.ts): distinct valid
// addresses from a file, each wrk run of a stream continuing where the stream's last run stopped (an
// offset file per stream), a client IP and a device id derived from the request's number; and the
// admin's settings that open the binary's faucet to such a load.
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeAccountID } from "ripple-address-codec";
import { tempFiles } from "./lib-processes.ts";
import { BINARY } from "./lib-settings.ts";
import { luaString } from "./lib-wrk.ts";

const ADDRESS_FILE = join(tmpdir(), `xrp-faucet-bench-addresses-${process.pid}.txt`);
let addressesWritten = 0;

export const newAddress = () => encodeAccountID(crypto.getRandomValues(new Uint8Array(20)));

// Writes `count` random valid classic addresses to the address file, once (a later call asking for
// no more than that keeps the file).
export async function ensureAddresses(count: number) {
  if (addressesWritten >= count) return;
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(newAddress());
  await writeFile(ADDRESS_FILE, lines.join("\n") + "\n");
  tempFiles.add(ADDRESS_FILE);
  addressesWritten = count;
}

// The client IP of request number `i` (a Lua expression): a /24 of its own each time (the faucet
// takes 3 addresses a day from one /24), and consecutive ones in different /16s (many /24s of one
// /16 is a farm, which the risk score reads). Its /16s come back after 46,080 requests: to the
// risk score, a longer load of accepted requests is a crowd (a refusal stores nothing).
export const STRANGER_IP_LUA =
  'string.format("%d.%d.%d.1", 11 + i % 180, math.floor(i / 180) % 256, math.floor(i / 46080) % 256)';

// What the flood's loads send (bench/flood.ts, bench/pair.ts): a browser's user agent; a client IP
// of an IPv6 /32 of its own every request, consecutive ones 180 /16s apart as the visitors of a
// real day are scattered (2c00-2cb3:x:1:1::1, its /64 written whole as a client's usually is): a
// server is never sent one twice in 11.7M requests. (IPv4 has too few /16s: the 46,080 sent before
// came back after that many requests, and a /16 asked again within the hour is a crowd, which the
// risk score raises.) The /64s of one IPv6 /48, 2a0b:4000:0::/48 (the farm's first in
// bench/flood.ts, which asked 3 times there before the load).
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const CLEAN_IP_LUA = 'string.format("%x:%x:1:1::1", 0x2c00 + i % 180, math.floor(i / 180) % 65536)';
// A crowd: new /24s of 2,880 IPv4 /16s in turn (11-190.0-15.x.x): each /16 asks again every 2,880
// requests, and raises (rescores) the ones still waiting there.
export const CROWD_IP_LUA =
  'string.format("%d.%d.%d.1", 11 + i % 180, math.floor(i / 180) % 16, 1 + math.floor(i / 2880) % 255)';
export const ONE_48_LUA = 'string.format("2a0b:4000:0:%x::1", i % 65535 + 1)';
// A farm's flood: request number `i` from the (first + i)-th /48 of 2a0b:4000::/32 and the /32s after it.
export const farm48sLua = (first: number) =>
  `(function(k) return string.format("2a0b:%x:%x:1::1", 0x4000 + math.floor(k / 65536), k % 65536) end)(${first} + i)`;

export interface FaucetLoad {
  /** Names the offset file: the runs of one stream never send an address twice. */
  stream: string;
  /** A Lua expression of the request number `i`: the request's client IP (X-Forwarded-For). */
  ip: string;
  /** Every request asks for this address (default: the stream's next unused one). */
  address?: string;
}

// wrk Lua (bench/lib-wrk.ts's `extra`): each request with the next address of its stream (or the
// one given), its client IP and a device id of its own. Needs ensureAddresses() first.
export function faucetLoadLua({ stream, ip, address }: FaucetLoad): string {
  const offsetFile = `${ADDRESS_FILE}.${stream}.offset`;
  tempFiles.add(offsetFile);
  const pick = address === undefined ? "addresses[(i - 1) % #addresses + 1]" : luaString(address);
  return `
local addresses = {}
${address === undefined ? `for line in io.lines(${luaString(ADDRESS_FILE)}) do addresses[#addresses + 1] = line end` : ""}
local offset_file = ${luaString(offsetFile)}
local f = io.open(offset_file, "r")
local i = f and tonumber(f:read("*a")) or 0
if f then f:close() end
request = function()
  i = i + 1
  local address = ${pick}
  wrk.headers["x-forwarded-for"] = ${ip}
  wrk.headers["cookie"] = string.format("device=benchdevice%016d", i)
  return wrk.format(nil, nil, nil, '{"address":"' .. address .. '"}')
end
local previous_done = done
done = function(summary, latency, requests)
  local f = io.open(offset_file, "r")
  local start = f and tonumber(f:read("*a")) or 0
  if f then f:close() end
  local out = io.open(offset_file, "w")
  out:write(tostring(start + summary.requests + 5000))
  out:close()
  if previous_done then previous_done(summary, latency, requests) end
end
`;
}

const BENCH_ADMIN = { username: "benchadmin", password: "bench admin passphrase 1" };

// Seeds an admin into the running binary's data directory (with `binary`: the one running there),
// logs in and sets the faucet so the budget never runs out (1 drop a request), with the proof of
// work off: the bench measures the server's own work, not a solver's.
export async function openTheTap(baseUrl: string, dataDir: string, binary = BINARY) {
  const seed = Bun.spawnSync([binary, "--seed-admin", BENCH_ADMIN.username, "--data-dir", dataDir], {
    env: { ...process.env, ADMIN_PASSWORD: BENCH_ADMIN.password },
  });
  if (seed.exitCode !== 0) throw new Error(`seeding the bench admin failed: ${seed.stderr.toString()}`);
  const login = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  // (a login also sets the device cookie: the session is the one by that name)
  const cookie =
    login.headers
      .getSetCookie()
      .find((c) => c.startsWith("session="))
      ?.split(";")[0] ?? "";
  const settings = await fetch(`${baseUrl}/api/admin/faucet/settings`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      dailyLimit: "1000000",
      minAmount: "0.000001",
      maxAmount: "0.000001",
      enabled: true,
      powDifficulty: 0,
    }),
  });
  if (!settings.ok)
    throw new Error(`opening the faucet for the bench failed: ${settings.status} ${await settings.text()}`);
}
