// What one password check costs the server (src/auth/passwords.ts: the rule of src/shared/password-rule.ts
// with zxcvbn-ts): loading the estimator at the first check (importing the dictionaries and building
// them), then each check, on everyday passwords and on the costliest 128 characters one can send
// (the checks run on the event loop, so this is what one new password holds every other request for).
// Run: `bun bench/passwords.ts` (BENCH_PASSWORD_RUNS=n checks of each kind, default 20).
import { fmtMs, table } from "./lib-format.ts";
import { intEnv } from "./lib-settings.ts";
import { median, mib, readStatusKb } from "./lib-processes.ts";
import { newPasswordProblem } from "../src/auth/passwords.ts";
import { MAX_PASSWORD_LENGTH } from "../src/shared/password-rule.ts";
import { captureOutput, writeRecord } from "./record.ts";

const RUNS = intEnv("BENCH_PASSWORD_RUNS", 20, 1);
const owner = { username: "alice", email: "alice@example.com" };
const pick = (alphabet: string, n = MAX_PASSWORD_LENGTH) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => alphabet[b % alphabet.length]).join("");
const KINDS: [string, () => string][] = [
  ["common (password)", () => "password"],
  ["digits (12345678)", () => "12345678"],
  ["a passphrase (4 words)", () => "purple otter runs at dawn"],
  ["word + digits + symbol", () => `Summer${1000 + Math.floor(Math.random() * 9000)}!`],
  ["128 random characters", () => pick("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*")],
  ["128 l33t characters", () => pick("4@83(6#1!|7$0+5%2")],
  ["128 digits", () => pick("0123456789")],
  ["128 times one character", () => "1".repeat(MAX_PASSWORD_LENGTH)],
  ["a passphrase of 128", () => "correct horse battery staple ".repeat(5).slice(0, MAX_PASSWORD_LENGTH)],
];

const rssBefore = readStatusKb(process.pid, "VmRSS");
const began = performance.now();
await newPasswordProblem("the first check loads the estimator", owner);
const firstMs = performance.now() - began;
Bun.gc(true);
const rssAfter = readStatusKb(process.pid, "VmRSS");
console.log(
  `first check (loads and builds the estimator): ${fmtMs(firstMs)}; resident memory ${mib(rssBefore)} -> ${mib(rssAfter)} MiB`,
);

const printed = captureOutput();
const rows: string[][] = [];
for (const [name, make] of KINDS) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const password = make();
    const t0 = performance.now();
    await newPasswordProblem(password, owner);
    times.push(performance.now() - t0);
  }
  rows.push([name, fmtMs(median(times)), fmtMs(Math.max(...times))]);
}
console.log(table([`one check, ${RUNS} of each`, "median", "max"], rows));
writeRecord("passwords", { lines: printed.stop() });
