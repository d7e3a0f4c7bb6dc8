// `bun bench/farm.ts` (part of `npm run bench`): the bot farms the faucet's limits are built
// against, played as a professional farmer plays them, beside 20 honest visitors, at the default settings and with the
// budget and caps at 5000 XRP. Every farm request comes from a fresh browser: a device cookie from
// `GET /`, a real browser's user agent, a fresh `Wallet.generate()` address, and the site's real
// proof of work solved for it (altcha-lib, WebCrypto PBKDF2, as the web app solves it). Client IPs
// reach the server as X-Forwarded-For through its trusted-proxy resolver (--trust-proxy).
//
// Two parts, because the auto-approve hold (10 minutes) and a day of honest visitors cannot run on
// the real clock in a few minutes:
//   A. the burst: each strategy against a fresh built binary (dist/xrp-faucet --xrpl sandbox
//      --trust-proxy), real clock, real HTTP: what is accepted, refused and flagged within seconds.
//      Proofs "after 2+ minutes" are sent to that binary at the very end of the run.
//   B. the day: createApp (src/app.ts) in this process on a real port with a fake clock, the real
//      payout engine paying on the in-process sandbox ledger, the auto-approve rule run every
//      simulated minute (the server runs it every 15 s), one UTC day (2026-01-15) with every farm and
//      the honest visitors in it; the social farm registers its accounts the day before (a bonus
//      needs a day-old account). "Paid" = validated on the sandbox ledger (PROCESSED in the admin's
//      list), with no person approving anything: only auto-approve pays.
//      (Its accounts are hashed at the test harness's low Argon2 cost, so registering is quick.)
//   The budget issue's scenarios, each on a day of its own in part B (a fresh app from 00:00 UTC, the
//   same runner, auto-approve on, nobody approving by hand):
//   - the proxy pool: 200 requests from 200 unrelated /16s, 2.5 s apart from 14:00, each a fresh
//     browser, then 5 honest visitors from 5 more /16s at 14:12-14:20; at each settings played.
//     What the pool gets without a person (paid by auto-approve + held by its waiting requests)
//     against the hour's slice the server states, and each honest visitor's answer. The pool's
//     addresses are one controller's (it activated them); its scouts, approved by hand at 14:20, send
//     their XRP on to it: from then on the address signals flag the pool's waiting requests as the
//     sink's cluster (the server's worker read once a simulated minute).
//   - the afternoon: 20 honest visitors from 20 unrelated /16s, one every 25 minutes from 12:00
//     (default settings): paid, waiting holding budget, refused (for budget nobody was using: while
//     the hour's share stated just before could pay the minimum; or for the hour's share taken).
//   - the carried-forward budget: nothing used until 14:35, then 12 requests from 12 unrelated /16s
//     within a second (default settings): what they take against what the server says is released.
// It prints each goal beside its measure and exits 0 whatever they say: a crash or a refused admin
// call is the only failure.
// Nothing here assumes a rule of the server: it sends what the farmer sends and reads back what the
// server did (the answers, the admin's lists, the ledger).
//
// Environment:
//   BENCH_FARM_BURST=6       requests per faucet strategy in the burst (part A)
//   BENCH_FARM_RATE=3        requests an hour per faucet strategy through the day (part B)
//   BENCH_FARM_ACCOUNTS=12   accounts the social farm registers (part B; 4 in part A)
//   BENCH_FARM_REVIEWERS=12  reviewer-farm visitors through the day (part B; 4 in part A)
//   BENCH_FARM_SETTINGS=default,5000   which settings to play (the burst, the day and the proxy pool;
//                            the afternoon and the carried-forward budget play the default ones)
//   BENCH_FARM_PARTS=burst,day,pool,afternoon,carry   which parts to run: burst (part A), day (part
//                            B's farms and 20 honest visitors), pool, afternoon, carry (the budget
//                            issue's scenarios). Without burst the binary is not needed (part B runs
//                            from source; `bun build.ts` once makes the web assets it serves), e.g.
//                            BENCH_FARM_PARTS=pool,afternoon,carry bun bench/farm.ts
//   BENCH_BINARY=path        the executable of part A (default dist/xrp-faucet)
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { ECDSA, Wallet } from "xrpl";
import { createClientIpResolver } from "../src/http/client-ip.ts";
import { createPayoutEngine, type PayoutEngine } from "../src/payouts/engine.ts";
import { createLedgerConnection, type LedgerConnection } from "../src/payouts/ledger.ts";
import { type LedgerSimulator, startLedgerSimulator } from "../src/payouts/simulator/index.ts";
import { POW_HEADER, type ProtectedForm } from "../src/shared/forms.ts";
import { PLATFORMS } from "../src/shared/social-bonus.ts";
import { runBinary, startBinary } from "../src/testing/binary.ts";
import { type ClientResponse, type HttpClient, httpClient } from "../src/testing/client.ts";
import { type FakeClock, fakeClock, testApp } from "../src/testing/harness.ts";
import { proofFromChallenge } from "../src/testing/pow.ts";
import { SINK_FROM } from "../src/modules/risk/address-points.ts";
import { table } from "./lib-format.ts";
import { children, cleanup, tempDir } from "./lib-processes.ts";
import { BINARY, intEnv } from "./lib-settings.ts";
import { captureOutput, writeRecord } from "./record.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// The simulated day of part B (UTC).
const DAY_START = Date.UTC(2026, 0, 15);
// Risk levels as the admin's lists draw them (lib/list-filter.ts): low < 20 <= medium < 50 <= high.
const LOW = 20;
const HIGH = 50;
const BURST = intEnv("BENCH_FARM_BURST", 6, 1);
const RATE = intEnv("BENCH_FARM_RATE", 3, 1);
const ACCOUNTS = intEnv("BENCH_FARM_ACCOUNTS", 12, 1);
const REVIEWERS = intEnv("BENCH_FARM_REVIEWERS", 12, 1);
const BURST_ACCOUNTS = 4;
const BURST_REVIEWERS = 4;
const HONEST = 20;
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ADMIN = { username: "farmbenchadmin", password: "farm bench admin passphrase 1" };

interface Setting {
  key: string;
  title: string;
  body: Record<string, unknown>;
}
const ALL_SETTINGS: Setting[] = [
  { key: "default", title: "default settings", body: { autoApprove: { enabled: true } } },
  {
    key: "5000",
    title: "budget and caps at 5000 XRP",
    body: { dailyLimit: "5000", bonusDailyLimit: "5000", autoApprove: { enabled: true, maxPerDay: "5000" } },
  },
];
const wanted = (process.env.BENCH_FARM_SETTINGS ?? "default,5000").split(",").map((s) => s.trim());
const SETTINGS = ALL_SETTINGS.filter((s) => wanted.includes(s.key));
if (SETTINGS.length === 0)
  throw new Error(`BENCH_FARM_SETTINGS=${process.env.BENCH_FARM_SETTINGS} names none of: default, 5000`);
const DEFAULT_SETTING = ALL_SETTINGS.find((s) => s.key === "default")!;
const ALL_PARTS = ["burst", "day", "pool", "afternoon", "carry"];
const PARTS = new Set(
  (process.env.BENCH_FARM_PARTS ?? ALL_PARTS.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const part of PARTS)
  if (!ALL_PARTS.includes(part)) throw new Error(`BENCH_FARM_PARTS: "${part}" is none of: ${ALL_PARTS.join(", ")}`);
if (PARTS.size === 0)
  throw new Error(`BENCH_FARM_PARTS=${process.env.BENCH_FARM_PARTS} names none of: ${ALL_PARTS.join(", ")}`);

// The budget issue's scenarios (part B).
const POOL = 200; // the proxy pool's requests, each from a /16 of its own
const POOL_GAP_MS = 2_500;
const POOL_START = DAY_START + 14 * HOUR;
const POOL_HONEST = 5; // honest visitors after the pool, 2 minutes apart from 14:12
const AFTERNOON = 20; // honest visitors one every 25 minutes from 12:00
const AFTERNOON_GAP = 25 * MINUTE;
const CARRY = 12; // requests within a second at 14:35, nothing used before
const CARRY_AT = DAY_START + 14 * HOUR + 35 * MINUTE;
const CARRY_GAP_MS = 90;

const STRANGER_FIRST = Array.from({ length: 223 }, (_, k) => k + 1).filter(
  (a) => ![10, 100, 127, 169, 172, 192].includes(a),
);
// Where each farm and visitor comes from: every strategy in networks of its own (its own /16 or
// /32, so one farm's velocity does not count against another's), each honest visitor in a /16 of
// its own.
const NET = {
  v6farm: (i: number) => `2a01:100:1:${(i + 1).toString(16)}::${((i % 250) + 2).toString(16)}`, // /64s of 2a01:100:1::/48
  v4wide: (i: number) => `100.70.${(i % 254) + 1}.${((i * 7) % 250) + 2}`, // /24s of 100.70.0.0/16
  v4net: (i: number) => `100.80.5.${(i % 250) + 2}`, // addresses of 100.80.5.0/24
  social: (i: number) => `2a02:200:1:${(i + 1).toString(16)}::1`, // /64s of 2a02:200:1::/48
  reviewer: (i: number) => `100.90.${(i % 254) + 1}.7`, // /24s of 100.90.0.0/16
  proofsHome: "100.100.7.7",
  proofsElsewhere: ["100.101.1.7", "2a03:300:1:1::7"],
  honest: (i: number) => `${20 + i}.${(i * 37 + 11) % 256}.${(i * 11 + 5) % 256}.${10 + i}`,
  // unrelated /16s (public-looking first octets, consecutive ones in different /8s; a /16 of its own
  // for each i < 434): the budget issue's scenarios
  stranger: (i: number) =>
    `${STRANGER_FIRST[i % STRANGER_FIRST.length]}.${(i * 53 + 17 + Math.floor(i / STRANGER_FIRST.length) * 101) % 256}.${((i * 29) % 254) + 1}.${((i * 7) % 250) + 2}`,
};

type StrategyKey = "v6-48" | "v4-16" | "v4-24" | "social" | "reviewer" | "proofs";
const STRATEGIES: { key: StrategyKey; name: string }[] = [
  { key: "v6-48", name: "/64s rotating in one /48" },
  { key: "v4-16", name: "/24s rotating in one /16" },
  { key: "v4-24", name: "addresses in one /24" },
  { key: "social", name: "social-bonus account farm" },
  { key: "reviewer", name: "reviewer-bonus farm" },
  { key: "proofs", name: "proofs solved ahead/elsewhere" },
];

// ---------------------------------------------------------------------------------------------
// The farmer's tools

interface Site {
  url: string;
  admin: HttpClient;
  now: () => number;
}

// The CPU the farm spent on proofs of work.
interface Bill {
  proofs: number;
  tries: number;
  ms: number;
  top: number; // the highest difficulty it was given
}

type AskKind = "faucet" | "reviewer bonus" | "social bonus";
// One request for XRP (a faucet request, a reviewer bonus, a social bonus claim) and its answer.
interface Ask {
  kind: AskKind;
  ip: string;
  address: string;
  status: number;
  code: string; // "accepted" or "<status> <X-Error-Code>"
  id: number | null;
  retryAfter: number | null;
  at: number;
  note: string;
}

interface Tally {
  asks: Ask[];
  bill: Bill;
  counts: Map<string, number>; // registrations, reviews, skipped requests: "<what>: <outcome>"
  control: string | null;
}
const newTally = (): Tally => ({
  asks: [],
  bill: { proofs: 0, tries: 0, ms: 0, top: 0 },
  counts: new Map(),
  control: null,
});
const bump = (m: Map<string, number>, key: string, by = 1) => m.set(key, (m.get(key) ?? 0) + by);

const warned = new Set<string>();
function warnOnce(line: string) {
  if (warned.has(line)) return;
  warned.add(line);
  console.error(`farm bench: ${line}`);
}

const newAddress = () => Wallet.generate().classicAddress;
const codeOf = (res: ClientResponse) =>
  res.status === 201 ? "accepted" : `${res.status} ${res.headers.get("x-error-code") ?? ""}`.trim();

async function solve(challenge: Challenge, bill: Bill): Promise<string> {
  const started = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 });
  if (!solution) throw new Error("a proof of work was not solved");
  bill.ms += performance.now() - started;
  bill.proofs++;
  bill.tries += solution.counter + 1;
  bill.top = Math.max(bill.top, Number(challenge.parameters.data?.difficulty ?? 0));
  return proofFromChallenge(challenge, solution);
}

// A fresh browser at `ip`: it loads the home page first (which brings its device cookie).
// (A page that fails is loaded again, as a browser's user would: the in-process site of part B
// reads web/dist at each request, which a build running meanwhile removes for a moment.)
async function browser(site: Site, ip: string): Promise<HttpClient> {
  const c = httpClient(site.url, {
    ip,
    headers: { "user-agent": BROWSER, "accept-language": "en-US,en;q=0.9", origin: site.url },
  });
  let page = await c.get("/");
  for (let attempt = 1; attempt < 10 && (page.status !== 200 || !c.cookie("device")); attempt++) {
    warnOnce(`GET / answered ${page.status}${c.cookie("device") ? "" : " without a device cookie"}: loading it again`);
    await Bun.sleep(500);
    page = await c.get("/");
  }
  if (page.status !== 200 || !c.cookie("device"))
    warnOnce(
      `GET / answered ${page.status}${c.cookie("device") ? "" : " without a device cookie"}: farm requests come as first visits`,
    );
  return c;
}

// The proof header for one post of `form`, solved on a challenge fetched by this browser (from its
// IP), or the challenge call's refusal.
async function proof(c: HttpClient, form: ProtectedForm, bill: Bill): Promise<Record<string, string> | ClientResponse> {
  const res = await c.get(`/api/pow/challenge?form=${form}`);
  if (res.status !== 200) return res;
  const challenge = res.json?.challenge as Challenge | null;
  if (!challenge) warnOnce("the site gave no challenge: its proof of work is off");
  return challenge ? { [POW_HEADER]: await solve(challenge, bill) } : {};
}
const isAnswer = (x: Record<string, string> | ClientResponse): x is ClientResponse => typeof x.status === "number";

async function postWithProof(
  c: HttpClient,
  path: string,
  form: ProtectedForm,
  body: unknown,
  bill: Bill,
): Promise<ClientResponse> {
  const headers = await proof(c, form, bill);
  if (isAnswer(headers)) return headers;
  return c.post(path, body, { headers });
}

function record(
  tally: Tally,
  site: Site,
  kind: AskKind,
  ip: string,
  address: string,
  res: ClientResponse,
  note = "",
): Ask {
  const accepted = res.status === 201;
  const retry = res.headers.get("retry-after");
  const ask: Ask = {
    kind,
    ip,
    address,
    status: res.status,
    code: codeOf(res),
    id: accepted ? Number(res.json?.id) : null,
    retryAfter: retry === null ? null : Number(retry),
    at: site.now(),
    note,
  };
  tally.asks.push(ask);
  return ask;
}

// One faucet request of a farm: a fresh browser, a fresh address, a real proof.
async function farmFaucet(site: Site, tally: Tally, ip: string, note = "", address = newAddress()): Promise<Ask> {
  const c = await browser(site, ip);
  const res = await postWithProof(c, "/api/faucet/request", "faucet", { address }, tally.bill);
  return record(tally, site, "faucet", ip, address, res, note);
}

// The social farm: an account registered from a fresh browser at `ip`; later a share and a claim.
interface Account {
  c: HttpClient;
  ip: string;
}
async function socialRegister(site: Site, tally: Tally, ip: string, username: string): Promise<Account | null> {
  const c = await browser(site, ip);
  const res = await postWithProof(
    c,
    "/api/register",
    "register",
    { username, email: `${username}@mail.example`, password: "a farm password 12345" },
    tally.bill,
  );
  bump(tally.counts, `registrations: ${res.status === 201 ? "made" : codeOf(res)}`);
  return res.status === 201 ? { c, ip } : null;
}
async function socialClaim(site: Site, tally: Tally, account: Account, platform: string): Promise<Ask> {
  const share = await account.c.post("/api/social/share", { platform });
  bump(tally.counts, `shares: ${share.status === 201 ? "recorded" : codeOf(share)}`);
  const address = newAddress();
  const res = await postWithProof(
    account.c,
    "/api/social/bonus-request",
    "social-bonus",
    {
      address,
      platform,
      sharedUrl: "https://twitter.com/intent/tweet?text=Free%20XRP",
      sharedContent: { title: "XRP faucet", description: "Free XRP every day" },
    },
    tally.bill,
  );
  return record(tally, site, "social bonus", account.ip, address, res);
}

// The reviewer farm: a faucet request from a fresh browser, later a review and the bonus to the
// same address from the same browser.
interface ReviewerVisit {
  c: HttpClient;
  ip: string;
  address: string;
  n: number;
}
const REVIEWS = [
  "Got my XRP in under a minute, very smooth. Will come back tomorrow for the streak.",
  "Simple and honest faucet, the limits are clearly explained and the payout was quick.",
  "Works great on my phone. The anti-bot check was invisible, payment arrived fast.",
  "Best XRP faucet I have tried so far, no ads popping up everywhere and fast payouts.",
];
const NAMES = ["Alex", "Sam", "Jordan", "Chris", "Taylor", "Morgan", "Casey", "Robin"];
async function reviewerStart(site: Site, tally: Tally, ip: string, n: number): Promise<ReviewerVisit> {
  const c = await browser(site, ip);
  const address = newAddress();
  const res = await postWithProof(c, "/api/faucet/request", "faucet", { address }, tally.bill);
  record(tally, site, "faucet", ip, address, res, "the reviewer's faucet request");
  return { c, ip, address, n };
}
async function reviewerBonus(site: Site, tally: Tally, v: ReviewerVisit): Promise<void> {
  const review = await postWithProof(
    v.c,
    "/api/reviews/submit",
    "review",
    { rating: 5, review: REVIEWS[v.n % REVIEWS.length], name: NAMES[v.n % NAMES.length] },
    tally.bill,
  );
  bump(
    tally.counts,
    `reviews: ${review.status === 201 ? (review.json?.approved ? "published" : "held for an admin") : codeOf(review)}`,
  );
  if (review.status !== 201) return;
  const res = await postWithProof(
    v.c,
    "/api/reviews/bonus-request",
    "reviewer-bonus",
    { address: v.address, reviewId: review.json.id },
    tally.bill,
  );
  record(tally, site, "reviewer bonus", v.ip, v.address, res);
}

// Proofs solved ahead or elsewhere: a pool of challenges asked and solved from one IP, then used
// from other networks, for another form, twice, and (the returned step) after 2+ minutes. A pooled
// proof used as meant (from the IP that asked, for its form, within 2 minutes) is the control: it
// shows the farm's proofs are real, and is not counted as the farm's.
async function proofsPlay(site: Site, tally: Tally): Promise<() => Promise<void>> {
  const home = NET.proofsHome;
  const asker = await browser(site, home);
  const forms: ProtectedForm[] = ["faucet", "faucet", "newsletter", "faucet", "faucet", "faucet"];
  const pool: { form: ProtectedForm; proof: string; issuedAt: number }[] = [];
  for (const form of forms) {
    const res = await asker.get(`/api/pow/challenge?form=${form}`);
    const challenge = res.json?.challenge as Challenge | null | undefined;
    if (res.status !== 200 || !challenge) {
      bump(tally.counts, `pool challenges: ${res.status === 200 ? "none (proof of work off)" : codeOf(res)}`);
      continue;
    }
    pool.push({ form, proof: await solve(challenge, tally.bill), issuedAt: site.now() });
  }
  if (pool.length < forms.length) return async () => {};
  const use = async (ip: string, entry: (typeof pool)[number], note: string) => {
    const c = await browser(site, ip);
    const address = newAddress();
    const res = await c.post("/api/faucet/request", { address }, { headers: { [POW_HEADER]: entry.proof } });
    return { res, ask: record(tally, site, "faucet", ip, address, res, note) };
  };
  await use(NET.proofsElsewhere[0]!, pool[0]!, "from another network (IPv4)");
  await use(NET.proofsElsewhere[1]!, pool[1]!, "from another network (IPv6)");
  await use(home, pool[2]!, "asked for the newsletter form");
  const control = await browser(site, home);
  const made = await control.post(
    "/api/faucet/request",
    { address: newAddress() },
    { headers: { [POW_HEADER]: pool[3]!.proof } },
  );
  // (a refusal past the proof check, such as the budget's, still shows the proof was good)
  tally.control = `control, a pooled proof used as meant: ${codeOf(made)}${made.status !== 201 && made.headers.get("x-error-code") !== "PROOF_REFUSED" ? " (past the proof check)" : ""}`;
  await use(home, pool[3]!, "used a second time");
  return async () => {
    for (const entry of pool.slice(4))
      await use(home, entry, `after ${Math.round((site.now() - entry.issuedAt) / 1000)} s`);
  };
}

// ---------------------------------------------------------------------------------------------
// What the admin sees

interface AdminRequest {
  id: number;
  amount: string;
  riskScore: number | null;
  status: string;
  payoutStatus: string | null;
  ipNetwork: string | null;
  destinationAddress: string;
  reason: string | null;
  autoApproved: boolean;
}
interface AdminClaim {
  id: number;
  amount: string;
  status: string;
  riskScore: number | null;
}
interface AdminView {
  requests: Map<number, AdminRequest>;
  claims: Map<number, AdminClaim>;
  budget: any;
  settings: any;
}

async function adminGet(admin: HttpClient, path: string) {
  const res = await admin.get(path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 200)}`);
  return res;
}

async function adminView(admin: HttpClient): Promise<AdminView> {
  const requests = new Map<number, AdminRequest>();
  for (let page = 1; page < 1000; page++) {
    const res = await adminGet(admin, `/api/admin/faucet/requests?sort=createdAt&order=asc&page=${page}`);
    for (const row of res.json as AdminRequest[]) requests.set(row.id, row);
    if ((res.json as unknown[]).length === 0 || requests.size >= Number(res.headers.get("x-total-count") ?? 0)) break;
  }
  const claims = new Map<number, AdminClaim>();
  for (let page = 1; page < 1000; page++) {
    const res = await adminGet(admin, `/api/admin/claims?sort=createdAt&order=asc&page=${page}`);
    const rows = (res.json?.pendingRewards ?? []) as AdminClaim[];
    for (const row of rows) claims.set(row.id, row);
    if (rows.length === 0 || claims.size >= Number(res.headers.get("x-total-count") ?? 0)) break;
  }
  const budget = (await adminGet(admin, "/api/admin/faucet/budget")).json;
  const settings = (await adminGet(admin, "/api/admin/faucet/settings")).json;
  return { requests, claims, budget, settings };
}

async function applySettings(admin: HttpClient, setting: Setting) {
  const res = await admin.post("/api/admin/faucet/settings", setting.body);
  if (res.status !== 200) throw new Error(`settings ${JSON.stringify(setting.body)}: ${res.status} ${res.text}`);
  return res.json;
}

const settingsLine = (s: any) =>
  `budget ${s.dailyLimit} XRP/day, ${s.minAmount}-${s.maxAmount} XRP a request, proof of work ${s.powDifficulty}, ` +
  `auto-approve ${s.autoApprove?.enabled ? "on" : "off"} (max risk ${s.autoApprove?.maxRiskScore}, hold ${s.autoApprove?.holdMinutes} min, ${s.autoApprove?.maxPerDay} XRP/day), ` +
  `bonus budget ${s.bonusDailyLimit} XRP/day, bonus account age ${s.bonusMinAccountAgeHours} h, IPv4 grouping ${s.ipGrouping}`;

// ---------------------------------------------------------------------------------------------
// Reading an outcome

interface Outcome {
  sent: number;
  accepted: number;
  unflagged: number;
  high: number;
  scores: number[];
  paidXrp: number;
  paidCount: number;
  byNetwork: Map<string, number>; // XRP paid per network (IPv6 /48, IPv4 /24) as the admin's list says
  byWide: Map<string, number>; // XRP paid per provider network (IPv6 /32, IPv4 /16) of the farm's IPs
  claimsHeldXrp: number;
  claimsPaid: number;
  // accepted faucet requests still waiting for a person (PENDING, or APPROVED and not yet paid)
  waitingCount: number;
  waitingXrp: number;
  waitingBelowHighXrp: number; // of them, scored under 50 (the documented rule: those hold their budget)
  refusals: Map<string, number>;
}

const isPaid = (r: AdminRequest | undefined) => r?.status === "PROCESSED";

function outcomeOf(asks: Ask[], view: AdminView): Outcome {
  const o: Outcome = {
    sent: 0,
    accepted: 0,
    unflagged: 0,
    high: 0,
    scores: [],
    paidXrp: 0,
    paidCount: 0,
    byNetwork: new Map(),
    byWide: new Map(),
    claimsHeldXrp: 0,
    claimsPaid: 0,
    waitingCount: 0,
    waitingXrp: 0,
    waitingBelowHighXrp: 0,
    refusals: new Map(),
  };
  for (const ask of asks) {
    o.sent++;
    if (ask.id === null) {
      bump(o.refusals, ask.code);
      continue;
    }
    o.accepted++;
    let score: number | null;
    if (ask.kind === "social bonus") {
      const claim = view.claims.get(ask.id);
      score = claim?.riskScore ?? null;
      if (claim?.status === "PAID") o.claimsPaid++;
      if (claim && claim.status !== "DENIED") o.claimsHeldXrp += Number(claim.amount);
    } else {
      const row = view.requests.get(ask.id);
      score = row?.riskScore ?? null;
      if (row && isPaid(row)) {
        const xrp = Number(row.amount);
        o.paidXrp += xrp;
        o.paidCount++;
        bump(o.byNetwork, row.ipNetwork ?? ask.ip, xrp);
        bump(o.byWide, wideOf(ask.ip), xrp);
      } else if (row && (row.status === "PENDING" || row.status === "APPROVED")) {
        o.waitingCount++;
        o.waitingXrp += Number(row.amount);
        if ((row.riskScore ?? 0) < HIGH) o.waitingBelowHighXrp += Number(row.amount);
      }
    }
    // (a request without a score counts as 0, as the admin's risk filter counts it)
    const s = score ?? 0;
    o.scores.push(s);
    if (s < LOW) o.unflagged++;
    if (s >= HIGH) o.high++;
  }
  return o;
}

// An IP's provider network: its IPv6 /32 or IPv4 /16.
const wideOf = (ip: string) =>
  ip.includes(":") ? `${ip.split(":").slice(0, 2).join(":")}::/32` : `${ip.split(".").slice(0, 2).join(".")}.0.0/16`;
const xrp = (n: number) => n.toFixed(n >= 100 ? 0 : 1);
const mostPerNetwork = (o: Outcome) => Math.max(0, ...o.byNetwork.values());
const mostPerWide = (o: Outcome) => Math.max(0, ...o.byWide.values());
const wideText = (d: DayResult, share: number) =>
  STRATEGIES.filter((s) => ["v6-48", "v4-16", "v4-24", "reviewer"].includes(s.key))
    .map((s) => {
      const most = mostPerWide(d.byStrategy.get(s.key)!.outcome);
      return `${s.key} ${xrp(most)} (${(most / share).toFixed(1)} shares)`;
    })
    .join(", ");
const refusalText = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} x${n}`)
    .join(", ") || "-";
const scoresText = (xs: number[]) =>
  xs.length === 0 ? "-" : xs.length <= 12 ? xs.join(" ") : `${xs.slice(0, 12).join(" ")} ...`;
const billText = (b: Bill) =>
  b.proofs === 0 ? "no proofs" : `${b.proofs} proofs, ${(b.ms / 1000).toFixed(1)} s, up to difficulty ${b.top}`;

// ---------------------------------------------------------------------------------------------
// Part A: the burst, against the built binary

interface Binary {
  site: Site;
  stop(): Promise<void>;
  released: string; // what of the day's budget the binary had released when it started
}

let seededData: string | null = null;
async function seededDataDir(): Promise<string> {
  if (seededData) return seededData;
  const dir = await tempDir("farm-seed");
  const seeded = await runBinary(["--seed-admin", ADMIN.username, "--data-dir", join(dir, "data")], {
    binary: BINARY,
    cwd: dir,
    env: { ADMIN_PASSWORD: ADMIN.password },
  });
  if (seeded.code !== 0) throw new Error(`--seed-admin failed (${seeded.code}): ${seeded.stderr}`);
  seededData = join(dir, "data");
  return seededData;
}

async function startSite(setting: Setting): Promise<Binary> {
  const dir = await tempDir("farm");
  cpSync(await seededDataDir(), join(dir, "data"), { recursive: true });
  const server = await startBinary({
    binary: BINARY,
    cwd: dir,
    args: ["--trust-proxy", "--xrpl", "sandbox", "--sandbox-port", "0", "--data-dir", join(dir, "data")],
  });
  children.add(server.proc as Subprocess);
  const admin = httpClient(server.url);
  const login = await admin.post("/api/login", ADMIN);
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${login.text}`);
  await applySettings(admin, setting);
  const status = await admin.get("/api/faucet/status");
  return {
    site: { url: server.url, admin, now: Date.now },
    released: `${Number(status.json?.budgetReleased)} of ${Number(status.json?.budgetTotal)} XRP at ${new Date().toISOString().slice(11, 16)} UTC`,
    async stop() {
      await server.stop();
      children.delete(server.proc as Subprocess);
    },
  };
}

interface BurstResult {
  key: StrategyKey;
  outcome: Outcome;
  tally: Tally;
  released: string;
  settings: any;
  claims: number[];
}

interface BurstRun {
  setting: Setting;
  results: BurstResult[];
  // the proofs binary stays up until its pooled proofs are 2+ minutes old
  finish: () => Promise<void>;
}

async function burst(setting: Setting): Promise<BurstRun> {
  const results: BurstResult[] = [];
  const read = async (key: StrategyKey, b: Binary, tally: Tally) => {
    const view = await adminView(b.site.admin);
    const claims = tally.asks
      .filter((a) => a.kind === "social bonus" && a.id !== null)
      .map((a) => view.claims.get(a.id!)?.riskScore ?? 0);
    results.push({
      key,
      outcome: outcomeOf(tally.asks, view),
      tally,
      released: b.released,
      settings: view.settings,
      claims,
    });
  };
  const plays: [StrategyKey, (site: Site, tally: Tally) => Promise<void>][] = [
    ["v6-48", async (site, tally) => void (await sequence(BURST, (i) => farmFaucet(site, tally, NET.v6farm(i))))],
    ["v4-16", async (site, tally) => void (await sequence(BURST, (i) => farmFaucet(site, tally, NET.v4wide(i))))],
    ["v4-24", async (site, tally) => void (await sequence(BURST, (i) => farmFaucet(site, tally, NET.v4net(i))))],
    [
      "social",
      async (site, tally) => {
        const accounts: Account[] = [];
        for (let i = 0; i < BURST_ACCOUNTS; i++) {
          const account = await socialRegister(site, tally, NET.social(i), `burst_${setting.key}_${i}`);
          if (account) accounts.push(account);
        }
        for (const [j, account] of accounts.entries())
          await socialClaim(site, tally, account, PLATFORMS[j % PLATFORMS.length]!);
      },
    ],
    [
      "reviewer",
      async (site, tally) => {
        for (let i = 0; i < BURST_REVIEWERS; i++)
          await reviewerBonus(site, tally, await reviewerStart(site, tally, NET.reviewer(i), i));
      },
    ],
  ];
  for (const [key, play] of plays) {
    progress(`A ${setting.key}: ${key}`);
    const b = await startSite(setting);
    try {
      const tally = newTally();
      await play(b.site, tally);
      await read(key, b, tally);
    } finally {
      await b.stop();
    }
  }
  progress(`A ${setting.key}: proofs (the pool; its stale part at the end of the run)`);
  const b = await startSite(setting);
  const tally = newTally();
  const issued = Date.now();
  const later = await proofsPlay(b.site, tally);
  return {
    setting,
    results,
    async finish() {
      try {
        // a pooled proof is sent 2+ minutes after it was asked for (the rest of the bench runs meanwhile)
        const wait = issued + 2 * MINUTE + 5_000 - Date.now();
        if (wait > 0) {
          progress(`A ${setting.key}: waiting ${Math.ceil(wait / 1000)} s for the pooled proofs to be 2 minutes old`);
          await Bun.sleep(wait);
        }
        await later();
        await read("proofs", b, tally);
      } finally {
        await b.stop();
      }
    },
  };
}

async function sequence<T>(n: number, each: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await each(i));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Part B: the day, in-process on a fake clock

// Runs what is due, in the order it was scheduled, each at its own time on the fake clock (a visit
// between two minutes runs at its second, not at the next minute).
function agenda(clock: FakeClock) {
  const items: { at: number; seq: number; run: () => Promise<unknown> }[] = [];
  let seq = 0;
  return {
    at(at: number, run: () => Promise<unknown>) {
      items.push({ at, seq: seq++, run });
      items.sort((a, b) => a.at - b.at || a.seq - b.seq);
    },
    async runDue(now: number) {
      while (items.length > 0 && items[0]!.at <= now) {
        const item = items.shift()!;
        if (item.at > clock()) clock.set(item.at);
        await item.run();
      }
    },
  };
}
type Agenda = ReturnType<typeof agenda>;

// One simulated day in this process, as a scenario sees it.
interface SimDay {
  t: ReturnType<typeof testApp>;
  site: Site;
  admin: HttpClient;
  clock: FakeClock;
  plan: Agenda;
  settings: any; // as GET /api/admin/faucet/settings reads them back once `setting` is applied
  ledgerPaidXrp(): number; // what the sandbox ledger validated from the hot wallet
  sim: LedgerSimulator; // the sandbox ledger, and the app's connection to it (the farm pays with it too)
  ledger: LedgerConnection;
}

// createApp on a real port with a fake clock starting at `from`, the real payout engine paying on
// the in-process sandbox ledger, `setting` applied by the admin; `schedule` puts the day's visits on
// `plan`; then the day runs a minute at a time up to the end of DAY_START's day: what is due, then the
// auto-approve rule, then the engine pays what it approved (ledgers closed until every payout is
// settled). `read` reads the outcome before everything is closed.
async function simulatedDay<T>(
  setting: Setting,
  label: string,
  from: number,
  schedule: (d: SimDay) => void | Promise<void>,
  read: (d: SimDay) => Promise<T>,
): Promise<T> {
  const sim = await startLedgerSimulator({ closeIntervalMs: null });
  const wallet = Wallet.generate(ECDSA.ed25519);
  sim.fund(wallet.classicAddress, 1_000_000 * 1_000_000);
  sim.closeLedger();
  const engineLog: string[] = [];
  const ledger = createLedgerConnection({ urls: [sim.url], log: (line) => engineLog.push(line), timeoutMs: 5_000 });
  // (the engine is made once the app is, with the app's settlement outcomes)
  const runtime = {
    mode: "sandbox" as const,
    url: sim.url,
    engine: undefined as unknown as PayoutEngine,
    ledger,
    sandbox: sim,
    settleWith: () => {},
  };
  const clock = fakeClock(from);
  // A fresh install's settings (proof of work 2000); the client IP read from X-Forwarded-For as the
  // binary reads it with --trust-proxy; the auto-approve rule run below, once a simulated minute.
  const t = testApp({
    powDifficulty: null,
    clock,
    payouts: runtime,
    payWaitMs: 0,
    clientIp: createClientIpResolver(true),
    config: { publicUrl: null, trustProxy: true },
  });
  runtime.engine = createPayoutEngine({
    db: t.db,
    clock: Date.now,
    ledger,
    wallet,
    log: (line) => engineLog.push(line),
    outcomes: t.app.services.settlementOutcomes,
  });
  try {
    const url = t.listen();
    const { cookie } = await t.registerAdmin(ADMIN.username);
    const admin = httpClient(url, { headers: { cookie } });
    await applySettings(admin, setting);
    const d: SimDay = {
      t,
      site: { url, admin, now: clock },
      admin,
      clock,
      plan: agenda(clock),
      settings: (await adminGet(admin, "/api/admin/faucet/settings")).json,
      ledgerPaidXrp: () =>
        sim
          .payments({ account: wallet.classicAddress })
          .filter((p) => p.result === "tesSUCCESS")
          .reduce((sum, p) => sum + Number(p.deliveredDrops) / 1e6, 0),
      sim,
      ledger,
    };
    await schedule(d);

    const unsettled = () =>
      (
        t.db.sqlite.query("select count(*) as n from payouts where status in ('queued', 'in_flight')").get() as {
          n: number;
        }
      ).n;
    const settle = async () => {
      for (let i = 0; i < 40 && unsettled() > 0; i++) {
        await runtime.engine.tick();
        if (unsettled() === 0) break;
        sim.closeLedger();
      }
    };
    let lastHour = -1;
    for (let now = from; now < DAY_START + DAY; now += MINUTE) {
      const hour = Math.floor((now - DAY_START + DAY) / HOUR);
      if (hour !== lastHour && hour % 6 === 0) progress(`${label}: ${new Date(now).toISOString().slice(0, 16)}Z`);
      lastHour = hour;
      await d.plan.runDue(now);
      clock.set(now);
      // the address signals' worker (modules/address-signals), once a simulated minute
      await t.app.services.addressSignals.readNewRequests();
      await t.app.services.addressSignals.readPaidAddresses();
      if (t.app.services.autoApprove.run() > 0 || unsettled() > 0) await settle();
    }
    if (unsettled() > 0) warnOnce(`${unsettled()} payouts still unsettled at the end of the day`);
    if (engineLog.some((l) => /error|fail/i.test(l)))
      warnOnce(
        `the payout engine said: ${engineLog
          .filter((l) => /error|fail/i.test(l))
          .slice(0, 3)
          .join(" | ")}`,
      );
    return await read(d);
  } finally {
    await runtime.engine.stop().catch(() => {});
    await ledger.close().catch(() => {});
    await sim.close().catch(() => {});
    await t.close();
  }
}

interface HonestVisit {
  i: number;
  at: number;
  ask: Ask;
  budgetOpen: boolean; // the faucet's status said its released budget was open
  capLeft: number; // XRP the auto-approve cap had released and not used
  minAmount: number;
}

// An honest visitor: a fresh browser (the home page), the faucet's status, one request with a real
// proof; with what the server said just before it (the status, and the admin's budget of the day).
interface Visit {
  ask: Ask;
  status: any; // GET /api/faucet/status as the visitor saw it
  budget: any; // GET /api/admin/faucet/budget at that moment
}
async function honestVisit(site: Site, tally: Tally, ip: string): Promise<Visit> {
  const c = await browser(site, ip);
  const status = (await c.get("/api/faucet/status")).json;
  const budget = (await adminGet(site.admin, "/api/admin/faucet/budget")).json;
  const address = newAddress();
  const res = await postWithProof(c, "/api/faucet/request", "faucet", { address }, tally.bill);
  return { ask: record(tally, site, "faucet", ip, address, res), status, budget };
}

interface DayResult {
  setting: Setting;
  settings: any;
  budget: any;
  byStrategy: Map<StrategyKey, { outcome: Outcome; tally: Tally; claims: number[] }>;
  honest: { visits: HonestVisit[]; view: AdminView; bill: Bill };
  ledgerPaidXrp: number;
  listPaidXrp: number;
  skipped: Map<string, number>;
  seconds: number;
}

async function day(setting: Setting): Promise<DayResult> {
  const started = performance.now();
  const tallies = new Map<StrategyKey, Tally>(STRATEGIES.map((s) => [s.key, newTally()]));
  const tally = (key: StrategyKey) => tallies.get(key)!;
  const skipped = new Map<string, number>();
  const visits: HonestVisit[] = [];
  const honestTally = newTally();
  return simulatedDay(
    setting,
    `B ${setting.key}`,
    DAY_START - DAY,
    ({ site, clock, plan, settings }) => {
      // The faucet farms: RATE requests an hour each, all day, each from a new IP group of the
      // strategy's network. A professional farmer does not pay for proofs the site will refuse:
      // after a 429 it waits for its Retry-After.
      const faucetFarms: [StrategyKey, (i: number) => string][] = [
        ["v6-48", NET.v6farm],
        ["v4-16", NET.v4wide],
        ["v4-24", NET.v4net],
      ];
      // (each slice opens on the hour: the farms ask in its first minutes, one strategy a minute)
      for (const [f, [key, ipOf]] of faucetFarms.entries()) {
        let next = 0;
        let pausedUntil = 0;
        for (let h = 0; h < 24; h++) {
          for (let k = 0; k < RATE; k++) {
            plan.at(DAY_START + h * HOUR + (Math.floor((k * 60) / RATE) + f) * MINUTE, async () => {
              if (clock() < pausedUntil) return void bump(skipped, key);
              const ask = await farmFaucet(site, tally(key), ipOf(next++));
              if (ask.status === 429 && ask.retryAfter) pausedUntil = clock() + ask.retryAfter * 1000;
            });
          }
        }
      }

      // The social farm: accounts from /64s of one /48, five an hour the day before; each shares and
      // claims once on the day, from 04:00, one claim every 20 minutes.
      const accounts: Account[] = [];
      for (let k = 0; k < ACCOUNTS; k++) {
        plan.at(DAY_START - DAY + HOUR + k * 12 * MINUTE, async () => {
          const account = await socialRegister(site, tally("social"), NET.social(k), `farm_${setting.key}_${k}`);
          if (account) accounts.push(account);
        });
      }
      plan.at(DAY_START + 4 * HOUR, async () => {
        for (const [j, account] of accounts.entries())
          plan.at(DAY_START + 4 * HOUR + j * 20 * MINUTE, () =>
            socialClaim(site, tally("social"), account, PLATFORMS[j % PLATFORMS.length]!),
          );
      });

      // The reviewer farm: a visitor from a new /24 of one /16 every 24/REVIEWERS hours asks the
      // faucet, and 45 minutes later (its hold over) writes a review and asks for the bonus.
      for (let n = 0; n < REVIEWERS; n++) {
        const at = DAY_START + Math.floor((n * 24 * 60) / REVIEWERS) * MINUTE + 5 * MINUTE;
        plan.at(at, async () => {
          const visit = await reviewerStart(site, tally("reviewer"), NET.reviewer(n), n);
          plan.at(at + 45 * MINUTE, () => reviewerBonus(site, tally("reviewer"), visit));
        });
      }

      // The proof pool at 06:00; its stale part 3 minutes later.
      plan.at(DAY_START + 6 * HOUR, async () => {
        const later = await proofsPlay(site, tally("proofs"));
        plan.at(DAY_START + 6 * HOUR + 3 * MINUTE, later);
      });

      // 20 honest visitors, one every 72 minutes from 00:36, each from its own /16: the home page,
      // the faucet's status, one request with a real proof.
      for (let i = 0; i < HONEST; i++) {
        plan.at(DAY_START + (36 + 72 * i) * MINUTE, async () => {
          const { ask, status, budget } = await honestVisit(site, honestTally, NET.honest(i));
          visits.push({
            i,
            at: clock(),
            ask,
            budgetOpen: Boolean(status?.isActive),
            capLeft: Number(budget?.autoApprove?.left ?? 0),
            minAmount: Number(settings.minAmount),
          });
        });
      }
    },
    async ({ admin, settings, ledgerPaidXrp }) => {
      const view = await adminView(admin);
      const byStrategy = new Map<StrategyKey, { outcome: Outcome; tally: Tally; claims: number[] }>();
      for (const [key, tl] of tallies) {
        const claims = tl.asks
          .filter((a) => a.kind === "social bonus" && a.id !== null)
          .map((a) => view.claims.get(a.id!)?.riskScore ?? 0);
        byStrategy.set(key, { outcome: outcomeOf(tl.asks, view), tally: tl, claims });
      }
      // What the sandbox ledger validated to the hot wallet's destinations, against the admin's list.
      const listPaidXrp = [...view.requests.values()].filter(isPaid).reduce((sum, r) => sum + Number(r.amount), 0);
      return {
        setting,
        settings,
        budget: view.budget,
        byStrategy,
        honest: { visits, view, bill: honestTally.bill },
        ledgerPaidXrp: ledgerPaidXrp(),
        listPaidXrp,
        skipped,
        seconds: (performance.now() - started) / 1000,
      };
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Part B: the budget issue's scenarios, each on a day of its own (from 00:00 UTC, nothing before)

// Which faucet requests hold budget now (`faucet_requests.budget_day`: the day whose budget holds
// the request's amount, null while it holds none), read from the in-process app's database: the
// admin's list does not show it. Null (and a warning) when the server no longer has that column.
function budgetHolds(d: SimDay): Map<number, boolean> | null {
  try {
    const rows = d.t.db.sqlite.query("select id, budget_day as day from faucet_requests").all() as {
      id: number;
      day: string | null;
    }[];
    return new Map(rows.map((r) => [r.id, r.day !== null]));
  } catch (e) {
    warnOnce(`which requests hold budget could not be read (faucet_requests.budget_day): ${(e as Error).message}`);
    return null;
  }
}

// What one visitor's request became by the end of the day, as the admin's list (and the database's
// budget_day) say.
interface Fate {
  ask: Ask;
  row: AdminRequest | undefined;
  paid: boolean; // PROCESSED: validated on the sandbox ledger
  waiting: boolean; // PENDING, or APPROVED and not paid: waiting for a person
  holds: boolean | null; // waiting and holding budget (null: not known)
  amount: number;
}
function fateOf(ask: Ask, view: AdminView, holds: Map<number, boolean> | null): Fate {
  const row = ask.id === null ? undefined : view.requests.get(ask.id);
  const paid = isPaid(row);
  const waiting = !paid && (row?.status === "PENDING" || row?.status === "APPROVED");
  return {
    ask,
    row,
    paid,
    waiting,
    holds: waiting ? (holds ? holds.get(ask.id!) === true : null) : false,
    amount: row ? Number(row.amount) : 0,
  };
}

// A group of requests by the end of the day: paid, waiting holding budget, waiting holding none.
interface Group {
  out: Outcome; // sent, accepted, unflagged, high, scores, paid, waiting, refusals (outcomeOf)
  fates: Fate[];
  heldCount: number | null;
  heldXrp: number | null;
  acceptedXrp: number;
}
function groupOf(asks: Ask[], view: AdminView, holds: Map<number, boolean> | null): Group {
  const fates = asks.map((a) => fateOf(a, view, holds));
  const held = fates.filter((f) => f.holds === true);
  return {
    out: outcomeOf(asks, view),
    fates,
    heldCount: holds ? held.length : null,
    heldXrp: holds ? sum(held.map((f) => f.amount)) : null,
    acceptedXrp: sum(fates.map((f) => f.amount)),
  };
}

// The day's budget left when a visitor came: the day's total less what is used (held or paid), as
// GET /api/admin/faucet/budget said just before its request.
const dayLeftOf = (budget: any) => Number(budget?.faucet?.total ?? 0) - Number(budget?.faucet?.used ?? 0);
const isBudgetRefusal = (code: string) => code.includes("BUDGET_REACHED");

interface TimedVisit extends Visit {
  at: number;
}

// Plans an honest visit from `ip` at `at`, kept in `visits` with its time.
function planVisit(d: SimDay, tally: Tally, visits: TimedVisit[], at: number, ip: string) {
  d.plan.at(at, async () => visits.push({ ...(await honestVisit(d.site, tally, ip)), at: d.site.now() }));
}

// What the server says of today's budget now: the faucet's status and the admin's budget.
interface BudgetNow {
  status: any; // GET /api/faucet/status
  budget: any; // GET /api/admin/faucet/budget
}
const budgetNow = async (admin: HttpClient): Promise<BudgetNow> => ({
  status: (await adminGet(admin, "/api/faucet/status")).json,
  budget: (await adminGet(admin, "/api/admin/faucet/budget")).json,
});

// The honest visitors of a scenario: came while the day's budget lasted (its left covering the
// smallest request), accepted, refused for budget while it lasted.
const hourLeftOf = (budget: any) => Number(budget?.faucet?.left ?? 0);
function honestGoal(visits: TimedVisit[], minAmount: number) {
  const lasting = visits.filter((v) => dayLeftOf(v.budget) >= minAmount);
  return {
    lasting: lasting.length,
    lastingAccepted: lasting.filter((v) => v.ask.id !== null).length,
    budgetRefusedWhileLasting: lasting.filter((v) => isBudgetRefusal(v.ask.code)).length,
    // refused for budget while this hour's share, as the server stated it just before, could still
    // pay the minimum: budget nobody was using (the others found the hour's share taken by requests
    // paid or held in that hour: the hourly slices' rule, docs/decisions.md)
    budgetRefusedUnused: lasting.filter((v) => isBudgetRefusal(v.ask.code) && hourLeftOf(v.budget) >= minAmount).length,
    refusals: (() => {
      const m = new Map<string, number>();
      for (const v of visits) if (v.ask.id === null) bump(m, v.ask.code);
      return m;
    })(),
  };
}

const clockText = (at: number, ms = false) => new Date(at).toISOString().slice(11, ms ? 22 : 19);
const fateText = (f: Fate) =>
  f.ask.id === null
    ? f.ask.code
    : `${f.paid ? "paid" : f.waiting ? `waiting, ${f.holds === null ? "holding ?" : f.holds ? "holding budget" : "holding none"}` : (f.row?.status ?? "?")} ${xrp(f.amount)} (score ${f.row?.riskScore ?? 0})`;
const visitText = (v: TimedVisit, f: Fate) =>
  `${clockText(v.at).slice(0, 5)} day left ${xrp(dayLeftOf(v.budget))}, hour left ${xrp(Number(v.budget?.faucet?.left ?? 0))}, status ${v.status?.isActive ? "open" : "shut"}, cap left ${xrp(Number(v.budget?.autoApprove?.left ?? 0))}: ${fateText(f)}`;

// 1. The proxy pool: 200 requests from 200 unrelated /16s, 2.5 s apart from 14:00, each a fresh
// browser; then 5 honest visitors from 5 more /16s, 2 minutes apart from 14:12.
interface PoolResult {
  setting: Setting;
  signals: PoolSignals;
  settings: any;
  seconds: number;
  before: BudgetNow; // at 14:00, before the pool
  pool: Group;
  honest: { visits: TimedVisit[]; fates: Fate[] };
  budget: any; // at the end of the day
  bill: Bill;
}

// The pool's addresses are the farm's: its controller activates each one (1.2 XRP) at 09:00, and
// each sends what the faucet paid it on to the controller the minute after (its sink). The farm's
// POOL_BY_HAND scouts (addresses of the same controller) ask from /16s of their own, one an hour
// from 10:00 (the first, alone, is paid by auto-approve; the next share its activating account
// and wait), and at 14:20 the admin approves the waiting ones by hand (as one might a flagged request
// that looks like a visitor's): their XRP goes on to the controller, which makes it a sink from the
// SINK_FROM-th consolidation on. (The pool's own figures leave the scouts out.)
const POOL_ACTIVATION_DROPS = 1_200_000;
const POOL_BY_HAND = 4;
interface PoolSignals {
  consolidatedAt: number[]; // when each paid address sent its XRP on
  sinkFoundAt: number | null;
  consolidated: number;
  // the pool's requests still waiting at the end of the day, and how many of them the address
  // signals flag with the sink's cluster and with the controller's (activating account) cluster
  waiting: number;
  flaggedSink: number;
  flaggedActivator: number;
  // the first minute at which a waiting pool request carried the sink's reason
  firstSinkFlagAt: number | null;
  byHand: number;
  example: { riskScore: number | null; riskReasons: string[]; ledger: unknown } | null;
}

async function farmPayment(d: SimDay, from: Wallet, to: string, drops: number) {
  const client = await d.ledger.ensure();
  const sent = await client.submit(
    { TransactionType: "Payment", Account: from.classicAddress, Destination: to, Amount: String(drops) },
    { wallet: from },
  );
  if (sent.result.engine_result !== "tesSUCCESS") warnOnce(`a farm payment answered ${sent.result.engine_result}`);
}

async function proxyPool(setting: Setting): Promise<PoolResult> {
  const started = performance.now();
  const tally = newTally();
  const honestTally = newTally();
  const visits: TimedVisit[] = [];
  const before: BudgetNow = { status: null, budget: null };
  const controller = Wallet.generate();
  const pool = Array.from({ length: POOL }, () => Wallet.generate());
  const scouts = Array.from({ length: POOL_BY_HAND }, () => Wallet.generate());
  const scoutTally = newTally();
  const consolidated = new Set<string>();
  const signals: PoolSignals = {
    consolidatedAt: [],
    sinkFoundAt: null,
    consolidated: 0,
    waiting: 0,
    flaggedSink: 0,
    flaggedActivator: 0,
    firstSinkFlagAt: null,
    byHand: 0,
    example: null,
  };
  const sinkReason = (reasons: string[] | null) =>
    (reasons ?? []).some((r) => r.startsWith("activated by a sink's cluster") || r.startsWith("sends its XRP on to"));
  return simulatedDay(
    setting,
    `B pool ${setting.key}`,
    DAY_START,
    (d) => {
      d.plan.at(DAY_START + 9 * HOUR, async () => {
        d.sim.fund(controller.classicAddress, 10_000 * 1_000_000);
        d.sim.closeLedger();
        for (const [i, w] of [...pool, ...scouts].entries()) {
          await farmPayment(d, controller, w.classicAddress, POOL_ACTIVATION_DROPS);
          if (i % 20 === 19) d.sim.closeLedger();
        }
        d.sim.closeLedger();
      });
      // each minute: the pool's paid addresses send their XRP on to the controller
      for (let at = DAY_START + 10 * HOUR; at < DAY_START + DAY; at += MINUTE) {
        d.plan.at(at, async () => {
          let sent = 0;
          for (const w of [...pool, ...scouts]) {
            const balance = Number(d.sim.account(w.classicAddress)?.balanceDrops ?? 0);
            if (consolidated.has(w.classicAddress) || balance <= 2 * POOL_ACTIVATION_DROPS) continue;
            await farmPayment(d, w, controller.classicAddress, balance - POOL_ACTIVATION_DROPS);
            consolidated.add(w.classicAddress);
            signals.consolidatedAt.push(d.clock());
            sent++;
          }
          if (sent === 0) return;
          d.sim.closeLedger();
        });
        d.plan.at(at + MINUTE - 1, async () => {
          if (signals.firstSinkFlagAt !== null) return;
          const waiting = d.t.db.sqlite
            .query("select risk_reasons as reasons from faucet_requests where status = 'PENDING'")
            .all() as { reasons: string }[];
          if (waiting.some((w) => sinkReason(JSON.parse(w.reasons ?? "[]")))) signals.firstSinkFlagAt = d.clock();
        });
      }
      d.plan.at(POOL_START, async () => Object.assign(before, await budgetNow(d.admin)));
      for (let i = 0; i < POOL; i++)
        d.plan.at(POOL_START + i * POOL_GAP_MS, () =>
          farmFaucet(d.site, tally, NET.stranger(i), "", pool[i]!.classicAddress),
        );
      for (const [k, w] of scouts.entries())
        d.plan.at(DAY_START + (10 + k) * HOUR, () =>
          farmFaucet(d.site, scoutTally, NET.stranger(POOL + POOL_HONEST + k), "", w.classicAddress),
        );
      d.plan.at(POOL_START + 20 * MINUTE, async () => {
        for (const ask of scoutTally.asks) {
          if (ask.id === null) {
            warnOnce(`a scout's request was refused: ${ask.code}`);
            continue;
          }
          const res = await d.admin.post(`/api/admin/faucet/requests/${ask.id}`, { action: "APPROVED" });
          if (res.status === 200) signals.byHand++;
          else if (!res.text.includes("already")) warnOnce(`approving a scout: ${res.status} ${res.text}`);
        }
      });
      for (let j = 0; j < POOL_HONEST; j++)
        planVisit(d, honestTally, visits, POOL_START + (12 + 2 * j) * MINUTE, NET.stranger(POOL + j));
    },
    async (d) => {
      const view = await adminView(d.admin);
      const holds = budgetHolds(d);
      const poolAddresses = new Set(pool.map((w) => w.classicAddress));
      const waiting = [...view.requests.values()].filter(
        (r: any) => r.status === "PENDING" && poolAddresses.has(r.destinationAddress),
      ) as any[];
      const sink = d.t.db.sqlite
        .query("select found_at as foundAt from address_sinks where account = ?")
        .get(controller.classicAddress) as { foundAt: number } | null;
      Object.assign(signals, {
        sinkFoundAt: sink?.foundAt ?? null,
        consolidated: consolidated.size,
        waiting: waiting.length,
        flaggedSink: waiting.filter(
          (r) => r.ledger?.sink?.account === controller.classicAddress && sinkReason(r.riskReasons),
        ).length,
        flaggedActivator: waiting.filter((r) => r.ledger?.cluster?.activator === controller.classicAddress).length,
        example: waiting[0]
          ? { riskScore: waiting[0].riskScore, riskReasons: waiting[0].riskReasons, ledger: waiting[0].ledger }
          : null,
      });
      return {
        setting,
        signals,
        settings: d.settings,
        seconds: (performance.now() - started) / 1000,
        before,
        pool: groupOf(tally.asks, view, holds),
        honest: { visits, fates: visits.map((v) => fateOf(v.ask, view, holds)) },
        budget: view.budget,
        bill: tally.bill,
      };
    },
  );
}

// A day of honest visitors only, at the default settings: `schedule` plans them (`visitAt` keeps
// each one with its time), `more` reads what else the scenario wants at the end of the day.
interface VisitorsDay {
  settings: any;
  seconds: number;
  visits: TimedVisit[]; // in the order they came
  group: Group; // what became of their requests, in the same order
  budget: any; // GET /api/admin/faucet/budget at the end of the day
}
async function visitorsDay<X>(
  label: string,
  schedule: (d: SimDay, visitAt: (at: number, ip: string) => void) => void,
  more: (d: SimDay) => X,
): Promise<VisitorsDay & X> {
  const started = performance.now();
  const tally = newTally();
  const visits: TimedVisit[] = [];
  return simulatedDay(
    DEFAULT_SETTING,
    label,
    DAY_START,
    (d) => schedule(d, (at, ip) => planVisit(d, tally, visits, at, ip)),
    async (d) => {
      const view = await adminView(d.admin);
      const group = groupOf(tally.asks, view, budgetHolds(d));
      return {
        settings: d.settings,
        seconds: (performance.now() - started) / 1000,
        visits,
        group,
        budget: view.budget,
        ...more(d),
      };
    },
  );
}

// 2. The afternoon: 20 honest visitors from 20 unrelated /16s, one every 25 minutes from 12:00.
type AfternoonResult = VisitorsDay;
const afternoon = (): Promise<AfternoonResult> =>
  visitorsDay(
    "B afternoon",
    (_, visitAt) => {
      for (let i = 0; i < AFTERNOON; i++) visitAt(DAY_START + 12 * HOUR + i * AFTERNOON_GAP, NET.stranger(300 + i));
    },
    () => ({}),
  );

// 3. The carried-forward budget: nothing used until 14:35, then 12 requests from 12 unrelated /16s
// within a second; the budget read before, right after, and at the end of the hour.
interface CarryResult extends VisitorsDay {
  before: BudgetNow;
  afterBurst: { at: number; budget: any };
  hourEnd: { at: number; budget: any; ledgerPaidXrp: number };
  ledgerPaidXrp: number;
}

function carry(): Promise<CarryResult> {
  const before: BudgetNow = { status: null, budget: null };
  const afterBurst = { at: 0, budget: null as any };
  const hourEnd = { at: 0, budget: null as any, ledgerPaidXrp: 0 };
  return visitorsDay(
    "B carry",
    ({ site, admin, plan, ledgerPaidXrp }, visitAt) => {
      plan.at(CARRY_AT, async () => Object.assign(before, await budgetNow(admin)));
      for (let i = 0; i < CARRY; i++) visitAt(CARRY_AT + i * CARRY_GAP_MS, NET.stranger(400 + i));
      plan.at(CARRY_AT + CARRY * CARRY_GAP_MS + 100, async () => {
        afterBurst.at = site.now();
        afterBurst.budget = (await adminGet(admin, "/api/admin/faucet/budget")).json;
      });
      // the hour's last reading, after its last auto-approve run (14:59)
      plan.at(CARRY_AT + 24 * MINUTE + 30_000, async () => {
        hourEnd.at = site.now();
        hourEnd.budget = (await adminGet(admin, "/api/admin/faucet/budget")).json;
        hourEnd.ledgerPaidXrp = ledgerPaidXrp();
      });
    },
    (d) => ({ before, afterBurst, hourEnd, ledgerPaidXrp: d.ledgerPaidXrp() }),
  );
}

// ---------------------------------------------------------------------------------------------
// The report

const began = performance.now();
function progress(line: string) {
  console.error(`[${((performance.now() - began) / 1000).toFixed(0).padStart(3)} s] ${line}`);
}

// One honest visitor's share of a day: one faucet request, at most maxAmount; of the social bonus,
// one user's 3 claims a week.
const SOCIAL_SHARE_XRP = 15;

interface GoalCheck {
  text: string;
  met: boolean;
}

function strategyGoal(key: StrategyKey, o: Outcome, share: number): GoalCheck {
  const most = mostPerNetwork(o);
  switch (key) {
    case "social":
      return {
        text: `0 paid without a person; claims <= ${SOCIAL_SHARE_XRP} XRP per /48`,
        met: o.claimsPaid === 0 && o.claimsHeldXrp <= SOCIAL_SHARE_XRP,
      };
    case "reviewer":
      return { text: `<= ${share} XRP per /24; bonus 0 w/o a person`, met: most <= share };
    case "proofs":
      return { text: "0 borrowed proofs accepted", met: o.accepted === 0 };
    default:
      return { text: `<= ${share} XRP per ${key === "v6-48" ? "/48" : "/24"} (1 share)`, met: most <= share };
  }
}

function paidCell(key: StrategyKey, o: Outcome) {
  if (key === "social") return `${o.claimsPaid} claims paid (${xrp(o.claimsHeldXrp)} held)`;
  if (o.paidCount === 0) return "0";
  return `${xrp(o.paidXrp)} (${o.paidCount} req, ${o.byNetwork.size} net, most ${xrp(mostPerNetwork(o))})`;
}

const yes = (b: boolean) => (b ? "yes" : "NO");

function printDay(d: DayResult) {
  const share = Number(d.settings.maxAmount);
  console.log(`\nB. THE DAY, ${d.setting.title} (in-process, fake clock, ${d.seconds.toFixed(0)} s of wall time)`);
  console.log(`   settings read back: ${settingsLine(d.settings)}`);
  console.log(
    `   farm rates: faucet farms ${RATE} requests an hour each (waiting out a 429's Retry-After), social farm ${ACCOUNTS} accounts registered the day before, ` +
      `reviewer farm ${REVIEWERS} visitors; one honest visitor's share = one request, at most ${share} XRP`,
  );
  const rows: string[][] = [];
  let sent = 0;
  let unflagged = 0;
  for (const s of STRATEGIES) {
    const { outcome: o } = d.byStrategy.get(s.key)!;
    const goal = strategyGoal(s.key, o, share);
    sent += o.sent;
    unflagged += o.unflagged;
    rows.push([
      s.name,
      String(o.sent),
      String(o.accepted),
      String(o.unflagged),
      String(o.high),
      paidCell(s.key, o),
      goal.text,
      yes(goal.met),
    ]);
  }
  const hv = honestOutcome(d);
  rows.push([
    `${HONEST} honest visitors`,
    String(hv.rows.length),
    String(hv.rows.length - hv.refused),
    String(hv.rows.length - hv.refused - hv.flagged),
    String(hv.high),
    `${xrp(hv.paidXrp)} (${hv.paid} of ${HONEST} paid)`,
    "paid while the released budget lasts",
    honestMet(hv),
  ]);
  console.log(
    table(
      [
        "strategy",
        "requests sent",
        "accepted",
        "unflagged (<20)",
        "high (>=50)",
        "XRP paid in the day",
        "goal",
        "met?",
      ],
      rows,
    ),
  );
  console.log(
    `   farm requests unflagged: ${unflagged} of ${sent} (goal: at most 1 in 20 = ${Math.floor(sent / 20)}; before this work: all) -> ${yes(unflagged * 20 <= sent)}`,
  );
  console.log(
    `   paid per provider network (the farm's IPv4 /16 or IPv6 /32; the goal above counts each /48 or /24, so a farm rotating /24s meets it with any total): ${wideText(d, share)}`,
  );
  for (const s of STRATEGIES) {
    const { outcome: o, tally, claims } = d.byStrategy.get(s.key)!;
    const extra = [...tally.counts].map(([k, n]) => `${k} x${n}`).join(", ");
    const skipped = d.skipped.get(s.key);
    console.log(
      `   ${s.name}: refused ${refusalText(o.refusals)}; scores of the accepted ${scoresText(o.scores)}` +
        (skipped ? `; ${skipped} planned requests not sent (waiting out a Retry-After)` : "") +
        (o.waitingCount
          ? `; waiting for a person at the end of the day: ${o.waitingCount} (${xrp(o.waitingXrp)} XRP, ${xrp(o.waitingBelowHighXrp)} of it scored < 50)`
          : "") +
        (extra ? `; ${extra}` : "") +
        (s.key === "social" ? `; claims' risk scores (GET /api/admin/claims) ${scoresText(claims)}` : "") +
        (tally.control ? `; ${tally.control}` : "") +
        (s.key === "proofs" ? `; ${tally.asks.map((a) => `${a.note}: ${a.code}`).join(", ")}` : "") +
        `; the farm's proofs: ${billText(tally.bill)}`,
    );
  }
  const social = d.byStrategy.get("social")!.outcome;
  console.log(
    `   social bonus: ${social.accepted} claims accepted holding ${xrp(social.claimsHeldXrp)} XRP of the day's bonus budget ` +
      `(${d.budget.bonus.total} XRP; used ${d.budget.bonus.used}, released ${d.budget.bonus.released}); paid only when an admin approves`,
  );
  const h = honestOutcome(d);
  const farmPaid = sum([...d.byStrategy.values()].map((x) => x.outcome.paidXrp));
  const farmWaiting = sum([...d.byStrategy.values()].map((x) => x.outcome.waitingBelowHighXrp));
  console.log(
    `   budgets at the end of the day (GET /api/admin/faucet/budget): faucet used ${Number(d.budget.faucet.used)} of ${Number(d.budget.faucet.total)} XRP ` +
      `(the farms: ${xrp(farmPaid)} paid + ${xrp(farmWaiting)} in requests scored < 50 still waiting for a person; the honest visitors: ${xrp(h.paidXrp)} paid + ${xrp(h.waitingXrp)} waiting), ` +
      `auto-approve cap used ${Number(d.budget.autoApprove.used)} of ${Number(d.budget.autoApprove.total)}; ` +
      `the sandbox ledger validated ${xrp(d.ledgerPaidXrp)} XRP, the admin's list shows ${xrp(d.listPaidXrp)} XRP PROCESSED${Math.abs(d.ledgerPaidXrp - d.listPaidXrp) > 1e-6 ? " (MISMATCH)" : ""}`,
  );
  console.log(
    `   honest visitors (20, one every 72 min from 00:36, each from its own /16): refused ${h.refused} (${refusalText(h.refusals)}), ` +
      `flagged ${h.flagged} (score >= 20; ${h.high} >= 50), paid ${h.paid} of ${HONEST} (${xrp(h.paidXrp)} XRP); scores ${scoresText(h.scores)}`,
  );
  console.log(
    `   came while today's released budget lasted (the faucet's status open, and the auto-approve cap's released, unused part covering the request's amount): ` +
      `${h.eligible}, of them paid ${h.eligiblePaid} (goal: all; before this work: 13 of 20 refused) -> ${honestMet(h)}; ` +
      `the honest visitors' proofs: ${billText(d.honest.bill)}`,
  );
  console.log(
    `   each honest visitor (time UTC, the faucet's budget open?, outcome): ${h.rows.map((r) => `${r.time} ${r.state}: ${r.why}`).join("; ")}`,
  );
}

// The honest visitors' goal: every one who came while the released budget lasted was paid; with none
// coming while it lasted (the farms took every slice first), the goal is not measured.
const honestMet = (h: { eligible: number; eligiblePaid: number; refused: number }) =>
  h.eligible === 0
    ? `n/a: none came while it lasted (${h.refused} of ${HONEST} refused)`
    : yes(h.eligiblePaid === h.eligible);

function honestOutcome(d: DayResult) {
  const { visits, view } = d.honest;
  const rows = visits.map((v) => {
    const row = v.ask.id === null ? undefined : view.requests.get(v.ask.id);
    const score = row?.riskScore ?? 0;
    // came while today's released budget lasted: the faucet's released budget open, and the
    // auto-approve cap's released, unused part covering the amount the request was given
    const eligible = v.budgetOpen && v.capLeft >= (row ? Number(row.amount) : v.minAmount);
    const paid = isPaid(row);
    const why =
      v.ask.id === null
        ? v.ask.code
        : paid
          ? `paid ${xrp(Number(row!.amount))} (score ${score})`
          : `${row?.status ?? "?"} (score ${score})`;
    const waiting = row && !paid && (row.status === "PENDING" || row.status === "APPROVED") ? Number(row.amount) : 0;
    const state = `${v.budgetOpen ? "open" : "shut"}${row ? `, cap left ${xrp(v.capLeft)}` : ""}`;
    return {
      i: v.i,
      time: new Date(v.at).toISOString().slice(11, 16),
      accepted: v.ask.id !== null,
      score,
      eligible,
      paid,
      amount: paid ? Number(row!.amount) : 0,
      waiting,
      why,
      state,
      code: v.ask.code,
    };
  });
  const refusals = new Map<string, number>();
  for (const r of rows) if (!r.accepted) bump(refusals, r.code);
  const accepted = rows.filter((r) => r.accepted);
  return {
    rows,
    refused: rows.length - accepted.length,
    refusals,
    flagged: accepted.filter((r) => r.score >= LOW).length,
    high: accepted.filter((r) => r.score >= HIGH).length,
    scores: accepted.map((r) => r.score),
    paid: rows.filter((r) => r.paid).length,
    paidXrp: rows.reduce((s, r) => s + r.amount, 0),
    waitingXrp: rows.reduce((s, r) => s + r.waiting, 0),
    eligible: rows.filter((r) => r.eligible).length,
    eligiblePaid: rows.filter((r) => r.eligible && r.paid).length,
  };
}

function printBurst(run: BurstRun) {
  const first = run.results[0];
  console.log(
    `\nA. THE BURST, ${run.setting.title} (the built binary, real clock, each strategy on a fresh binary, requests one after another)`,
  );
  if (first)
    console.log(
      `   settings read back: ${settingsLine(first.settings)}; the day's budget released when the first binary started: ${first.released} (the binary's real clock)`,
    );
  const rows: string[][] = [];
  let sent = 0;
  let unflagged = 0;
  for (const s of STRATEGIES) {
    const r = run.results.find((x) => x.key === s.key);
    if (!r) continue;
    const o = r.outcome;
    sent += o.sent;
    unflagged += o.unflagged;
    rows.push([
      s.name,
      String(o.sent),
      String(o.accepted),
      String(o.unflagged),
      String(o.high),
      scoresText(o.scores),
      refusalText(o.refusals),
      billText(r.tally.bill),
    ]);
  }
  console.log(
    table(
      [
        "strategy",
        "requests sent",
        "accepted",
        "unflagged (<20)",
        "high (>=50)",
        "scores",
        "refused",
        "the farm's proofs of work",
      ],
      rows,
    ),
  );
  console.log(
    `   farm requests unflagged: ${unflagged} of ${sent} (goal: at most 1 in 20; before this work: all) -> ${yes(unflagged * 20 <= sent)}`,
  );
  for (const r of run.results) {
    const notes = [...r.tally.counts].map(([k, n]) => `${k} x${n}`);
    if (r.key === "social") notes.push(`claims' risk scores ${scoresText(r.claims)}`);
    if (r.tally.control) notes.push(r.tally.control);
    if (r.key === "proofs") notes.push(...r.tally.asks.map((a) => `${a.note}: ${a.code}`));
    if (notes.length) console.log(`   ${STRATEGIES.find((s) => s.key === r.key)!.name}: ${notes.join("; ")}`);
  }
}

function printGoals(days: DayResult[], bursts: BurstRun[]) {
  console.log("\nGOALS (each beside its measure)");
  const rows: string[][] = [];
  for (const d of days) {
    const share = Number(d.settings.maxAmount);
    const checks = STRATEGIES.map((s) => ({ s, o: d.byStrategy.get(s.key)!.outcome })).map(({ s, o }) => ({
      s,
      o,
      g: strategyGoal(s.key, o, share),
    }));
    const worst = checks
      .filter((c) => ["v6-48", "v4-16", "v4-24", "reviewer"].includes(c.s.key))
      .map((c) => `${c.s.key} ${xrp(mostPerNetwork(c.o))}`);
    rows.push([
      `any one strategy: <= 1 honest share (${share} XRP) per /48 or /24 a day`,
      "the whole budget",
      d.setting.key,
      `paid, most to one network: ${worst.join(", ")}; social claims ${xrp(d.byStrategy.get("social")!.outcome.claimsHeldXrp)} held, 0 paid; borrowed proofs ${d.byStrategy.get("proofs")!.outcome.accepted} accepted. ` +
        `All farms: ${xrp(sum([...d.byStrategy.values()].map((x) => x.outcome.paidXrp)))} paid + ${xrp(sum([...d.byStrategy.values()].map((x) => x.outcome.waitingBelowHighXrp)))} held (scored < 50, waiting) of the day's ${Number(d.settings.dailyLimit)}`,
      yes(checks.every((c) => c.g.met)),
    ]);
  }
  for (const d of days) {
    rows.push([
      "(not a goal of the brief) what a farm gets from one /16 or /32 a day",
      "the whole budget",
      d.setting.key,
      `paid: ${wideText(d, Number(d.settings.maxAmount))}`,
      "-",
    ]);
  }
  for (const [label, sent, unflagged] of [
    ...bursts.map(
      (b) =>
        [
          `burst ${b.setting.key}`,
          sum(b.results.map((r) => r.outcome.sent)),
          sum(b.results.map((r) => r.outcome.unflagged)),
        ] as const,
    ),
    ...days.map(
      (d) =>
        [
          `day ${d.setting.key}`,
          sum([...d.byStrategy.values()].map((x) => x.outcome.sent)),
          sum([...d.byStrategy.values()].map((x) => x.outcome.unflagged)),
        ] as const,
    ),
  ]) {
    rows.push([
      "at most 1 in 20 farm requests unflagged (< 20)",
      "all",
      label,
      `${unflagged} of ${sent} (${sent ? ((100 * unflagged) / sent).toFixed(1) : "0"}%)`,
      yes(unflagged * 20 <= sent),
    ]);
  }
  for (const d of days) {
    const h = honestOutcome(d);
    rows.push([
      "honest visitors who come while the released budget lasts are paid",
      "13 of 20 refused",
      d.setting.key,
      `${h.eligiblePaid} of ${h.eligible} who came while it lasted paid (of all 20: refused ${h.refused}, flagged ${h.flagged}, paid ${h.paid})`,
      honestMet(h),
    ]);
  }
  console.log(table(["goal", "before this work", "settings", "measured", "met?"], rows));
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

// The budget issue's goals, each measured the same way in its section and in the goals' table.
// The hour's slice: what the server made available for this hour before the pool came (its
// released less what the day used before: the spread share, at least one request's most).
function poolGoal(r: PoolResult) {
  const share = Number(r.before.status?.budgetSlice ?? r.before.budget?.faucet?.slice);
  const faucet = r.before.budget?.faucet;
  const slice = faucet ? Math.max(share, Number(faucet.released) - Number(faucet.used)) : share;
  // held by its waiting requests: those holding budget (all waiting ones if that cannot be read)
  const held = r.pool.heldXrp ?? r.pool.out.waitingXrp;
  const got = r.pool.out.paidXrp + held;
  return { slice, held, got, met: got <= slice + 1e-6 };
}
function poolHonestGoal(r: PoolResult) {
  const g = honestGoal(r.honest.visits, Number(r.settings.minAmount));
  return { ...g, met: g.lastingAccepted === g.lasting && g.budgetRefusedWhileLasting === 0 };
}
function afternoonGoal(r: AfternoonResult) {
  const g = honestGoal(r.visits, Number(r.settings.minAmount));
  const held = r.group.heldCount ?? r.group.out.waitingCount;
  const sliceTaken = g.budgetRefusedWhileLasting - g.budgetRefusedUnused;
  const otherRefusals = g.lasting - g.lastingAccepted - g.budgetRefusedWhileLasting;
  return {
    ...g,
    held,
    sliceTaken,
    heldXrp: r.group.heldXrp ?? r.group.out.waitingXrp,
    met: g.budgetRefusedUnused === 0 && otherRefusals === 0 && held === 0,
  };
}
function carryGoal(r: CarryResult) {
  const slice = Number(r.before.status?.budgetSlice ?? r.before.budget?.faucet?.slice);
  const most = Number(r.settings.maxAmount);
  const usedBefore = Number(r.before.budget?.faucet?.used ?? 0);
  // what the hour took: the most its budget showed used (held or paid) after the burst, right after
  // it or at the hour's end, less what was used before
  const took =
    Math.max(Number(r.afterBurst.budget?.faucet?.used ?? 0), Number(r.hourEnd.budget?.faucet?.used ?? 0)) - usedBefore;
  return { slice, most, took, limit: slice + most, met: took <= slice + most + 1e-6 };
}

const budgetLine = (b: any) =>
  `faucet slice ${b?.faucet?.slice}, released ${b?.faucet?.released} of ${b?.faucet?.total}, used ${b?.faucet?.used}; ` +
  `auto-approve cap slice ${b?.autoApprove?.slice}, released ${b?.autoApprove?.released} of ${b?.autoApprove?.total}, used ${b?.autoApprove?.used}`;
const heldText = (g: Group) =>
  g.heldCount === null ? "? (budget_day unreadable)" : `${g.heldCount} (${xrp(g.heldXrp!)} XRP)`;

function printPool(r: PoolResult) {
  const o = r.pool.out;
  const goal = poolGoal(r);
  const hg = poolHonestGoal(r);
  const firstBudgetRefusal = r.pool.fates.find((f) => isBudgetRefusal(f.ask.code));
  const acceptedBefore = firstBudgetRefusal
    ? r.pool.fates.filter((f) => f.ask.id !== null && f.ask.at < firstBudgetRefusal.ask.at).length
    : o.accepted;
  console.log(
    `\nB. THE PROXY POOL, ${r.setting.title} (in-process, fake clock, a day of its own from 00:00 UTC, ${r.seconds.toFixed(0)} s of wall time)`,
  );
  console.log(`   settings read back: ${settingsLine(r.settings)}`);
  console.log(
    `   ${POOL} requests from ${POOL} unrelated /16s (IPv4, X-Forwarded-For), ${POOL_GAP_MS / 1000} s apart from ${clockText(POOL_START).slice(0, 5)} UTC, each a fresh browser (device cookie from GET /, ` +
      `a browser's user agent, a fresh Wallet.generate() address, the real proof of work); then ${POOL_HONEST} honest visitors from ${POOL_HONEST} more /16s, 2 minutes apart from 14:12; ` +
      `auto-approve run every simulated minute, nobody approving by hand`,
  );
  console.log(
    `   the hour's slice as the server says at 14:00, before the pool: GET /api/faucet/status budgetSlice ${r.before.status?.budgetSlice} XRP, budgetReleased ${r.before.status?.budgetReleased} of ${r.before.status?.budgetTotal} XRP; ` +
      `GET /api/admin/faucet/budget: ${budgetLine(r.before.budget)}`,
  );
  console.log(
    `   the pool: accepted ${o.accepted} of ${o.sent} (${xrp(r.pool.acceptedXrp)} XRP), refused ${refusalText(o.refusals)}; ` +
      `flagged ${o.accepted - o.unflagged} (score >= ${LOW}; ${o.high} >= ${HIGH}); scores ${scoresText(o.scores)}; ` +
      (firstBudgetRefusal
        ? `its first BUDGET_REACHED at ${clockText(firstBudgetRefusal.ask.at, true)} (${((firstBudgetRefusal.ask.at - POOL_START) / 1000).toFixed(1)} s after its first request, ${acceptedBefore} accepted before it); `
        : "no BUDGET_REACHED; ") +
      `the pool's proofs: ${billText(r.bill)}`,
  );
  console.log(
    `   the pool by the end of the day: paid by auto-approve ${xrp(o.paidXrp)} XRP (${o.paidCount} requests); waiting for a person ${o.waitingCount} (${xrp(o.waitingXrp)} XRP), of them holding budget ${heldText(r.pool)}`,
  );
  console.log(
    `   goal: the pool gets no more than one hour's slice without a person: ${xrp(goal.got)} XRP (${xrp(o.paidXrp)} paid + ${xrp(goal.held)} held by its waiting requests) against the hour's slice of ${xrp(goal.slice)} XRP (the day's left spread over the hours left: ${r.before.status?.budgetSlice}, at least one request's most) -> ${yes(goal.met)}`,
  );
  console.log(
    `   honest visitors after the pool (time, the day's budget left before it = total - used, the hour's left, the faucet's status, the auto-approve cap's left, outcome by the end of the day): ` +
      r.honest.visits.map((v, j) => visitText(v, r.honest.fates[j]!)).join("; "),
  );
  console.log(
    `   goal: honest visitors after the pool: accepted while the day's budget lasts, none refused for budget nobody is using: ` +
      `${hg.lastingAccepted} of ${hg.lasting} who came while it lasted accepted, ${hg.budgetRefusedWhileLasting} refused for budget while it lasted (all refusals: ${refusalText(hg.refusals)}) -> ${yes(hg.met)}`,
  );
  console.log(`   budgets at the end of the day (GET /api/admin/faucet/budget): ${budgetLine(r.budget)}`);
  const sg = r.signals;
  const at = (ms: number | null) => (ms === null ? "never" : clockText(ms).slice(0, 5));
  console.log(
    `   address signals: the pool's addresses were activated by one controller (${xrp(POOL_ACTIVATION_DROPS / 1e6)} XRP each, at 09:00) and each paid one sends its XRP on to it the minute after; ` +
      `${POOL_BY_HAND} scouts of the same controller asked one an hour from 10:00 and the admin approved ${sg.byHand} of them by hand at 14:20; ` +
      `consolidations at ${sg.consolidatedAt.map(at).join(", ") || "none"}, the controller found a sink ${at(sg.sinkFoundAt)} (from ${SINK_FROM} paid addresses), the first waiting request with the sink's reason ${at(sg.firstSinkFlagAt)}; ` +
      `${sg.consolidated} consolidated; of the pool's ${sg.waiting} requests still waiting at the end of the day, ${sg.flaggedSink} flagged with the sink's cluster and ${sg.flaggedActivator} with the shared activating account`,
  );
  if (sg.example)
    console.log(
      `   the evidence on the admin's row of a waiting pool request: score ${sg.example.riskScore}, reasons ${JSON.stringify(sg.example.riskReasons)}, ledger ${JSON.stringify(sg.example.ledger)}`,
    );
  const makesSink = sg.consolidatedAt[SINK_FROM - 1] ?? null;
  const met =
    makesSink !== null &&
    sg.firstSinkFlagAt !== null &&
    sg.firstSinkFlagAt - makesSink <= MINUTE &&
    sg.flaggedSink === sg.waiting;
  console.log(
    `   goal: from the consolidation that makes the controller a sink (paid address number ${SINK_FROM} sending its XRP on, ${at(makesSink)}) on, the pool's waiting requests are flagged as the sink's cluster: the first within a minute, every waiting one at the end of the day -> ${yes(met)}`,
  );
}

function printAfternoon(r: AfternoonResult) {
  const o = r.group.out;
  const goal = afternoonGoal(r);
  console.log(
    `\nB. THE AFTERNOON, ${DEFAULT_SETTING.title} (in-process, fake clock, a day of its own from 00:00 UTC, ${r.seconds.toFixed(0)} s of wall time)`,
  );
  console.log(`   settings read back: ${settingsLine(r.settings)}`);
  console.log(
    `   ${AFTERNOON} honest visitors from ${AFTERNOON} unrelated /16s, one every ${AFTERNOON_GAP / MINUTE} minutes from 12:00 to ${clockText(DAY_START + 12 * HOUR + (AFTERNOON - 1) * AFTERNOON_GAP).slice(0, 5)} UTC, ` +
      `each a fresh browser (the home page, the faucet's status, one request with a real proof); auto-approve at its shipped values, nobody approving by hand`,
  );
  console.log(
    `   by the end of the day: paid ${o.paidCount} of ${o.sent} (${xrp(o.paidXrp)} XRP); waiting for a person ${o.waitingCount} (${xrp(o.waitingXrp)} XRP), of them holding budget ${heldText(r.group)}; ` +
      `refused ${o.sent - o.accepted} (${refusalText(o.refusals)}), of them for budget while the day's budget lasted ${goal.budgetRefusedWhileLasting}; flagged ${o.accepted - o.unflagged} (score >= ${LOW})`,
  );
  console.log(`   budgets at the end of the day (GET /api/admin/faucet/budget): ${budgetLine(r.budget)}`);
  console.log(
    `   each visitor (time, the day's budget left before it = total - used, the hour's left, the faucet's status, the auto-approve cap's left, outcome by the end of the day): ` +
      r.visits.map((v, i) => visitText(v, r.group.fates[i]!)).join("; "),
  );
  console.log(
    `   goal: none refused for budget nobody is using (for budget while the hour's share, stated just before, could pay the minimum); a request auto-approve skips for its cap holds no budget: ` +
      `${goal.lasting - goal.lastingAccepted} of ${goal.lasting} who came while the day's budget lasted refused, ${goal.budgetRefusedUnused} of them for budget nobody was using, ` +
      `${goal.sliceTaken} because the hour's share was taken by requests paid or held in it; waiting at the end of the day holding budget ${goal.held} (${xrp(goal.heldXrp)} XRP) -> ${yes(goal.met)}`,
  );
}

function printCarry(r: CarryResult) {
  const o = r.group.out;
  const goal = carryGoal(r);
  const last = r.visits.at(-1);
  console.log(
    `\nB. THE CARRIED-FORWARD BUDGET, ${DEFAULT_SETTING.title} (in-process, fake clock, a day of its own from 00:00 UTC, ${r.seconds.toFixed(0)} s of wall time)`,
  );
  console.log(`   settings read back: ${settingsLine(r.settings)}`);
  console.log(
    `   nothing asked until ${clockText(CARRY_AT).slice(0, 5)} UTC, then ${CARRY} requests from ${CARRY} unrelated /16s, ${CARRY_GAP_MS} ms apart (${clockText(CARRY_AT, true)}-${last ? clockText(last.at, true) : "?"}), ` +
      `each a fresh browser (the home page, the faucet's status, one request with a real proof)`,
  );
  console.log(
    `   released by ${clockText(CARRY_AT).slice(0, 5)} as the server says: GET /api/faucet/status budgetReleased ${r.before.status?.budgetReleased} of ${r.before.status?.budgetTotal} XRP, budgetSlice ${r.before.status?.budgetSlice} XRP, maxAmount ${r.settings.maxAmount} XRP; ` +
      `GET /api/admin/faucet/budget: ${budgetLine(r.before.budget)}`,
  );
  console.log(
    `   the ${CARRY} requests: accepted ${o.accepted} (${xrp(r.group.acceptedXrp)} XRP), refused ${refusalText(o.refusals)}; flagged ${o.accepted - o.unflagged} (score >= ${LOW}); scores ${scoresText(o.scores)}; ` +
      `each: ${r.visits.map((v, i) => `${clockText(v.at, true).slice(6)} ${fateText(r.group.fates[i]!)}`).join(", ")}`,
  );
  console.log(
    `   the faucet's budget used: right after the burst (${clockText(r.afterBurst.at, true)}) ${r.afterBurst.budget?.faucet?.used} XRP; at ${clockText(r.hourEnd.at)} ${r.hourEnd.budget?.faucet?.used} XRP ` +
      `(the sandbox ledger had validated ${xrp(r.hourEnd.ledgerPaidXrp)} XRP); by the end of the day paid ${xrp(o.paidXrp)} XRP (${o.paidCount} requests), waiting ${o.waitingCount}, of them holding budget ${heldText(r.group)}`,
  );
  console.log(
    `   goal: one hour pays at most its slice plus one request's most: took ${xrp(goal.took)} XRP in the hour (the most the budget showed used after the burst) ` +
      `against ${r.before.status?.budgetSlice} + ${r.settings.maxAmount} = ${xrp(goal.limit)} XRP (released by ${clockText(CARRY_AT).slice(0, 5)}: ${r.before.status?.budgetReleased}) -> ${yes(goal.met)}`,
  );
}

function printIssueGoals(pools: PoolResult[], aft: AfternoonResult | null, car: CarryResult | null) {
  console.log("\nGOALS OF THE BUDGET ISSUE'S SCENARIOS (each beside its measure)");
  const rows: string[][] = [];
  for (const r of pools) {
    const g = poolGoal(r);
    rows.push([
      "the pool gets no more than one hour's slice without a person",
      "scored 0, took the 62.5 XRP released in 11 s",
      r.setting.key,
      `${xrp(g.got)} XRP (${xrp(r.pool.out.paidXrp)} paid + ${xrp(g.held)} held) against the hour's slice of ${xrp(g.slice)}; flagged ${r.pool.out.accepted - r.pool.out.unflagged} of ${r.pool.out.accepted} accepted`,
      yes(g.met),
    ]);
  }
  for (const r of pools) {
    const g = poolHonestGoal(r);
    rows.push([
      "honest visitors after the pool: accepted while the day's budget lasts, none refused for budget nobody is using",
      "5 of 5 refused BUDGET_REACHED",
      r.setting.key,
      `${g.lastingAccepted} of ${g.lasting} accepted while it lasted; refused ${refusalText(g.refusals)}`,
      yes(g.met),
    ]);
  }
  if (aft) {
    const g = afternoonGoal(aft);
    const o = aft.group.out;
    rows.push([
      "afternoon: none refused for budget nobody is using; a request auto-approve skips for its cap holds no budget",
      "3 paid, 3 holding 32.4 XRP, 14 refused",
      "default",
      `${o.paidCount} paid, ${g.held} holding ${xrp(g.heldXrp)} XRP, ${o.sent - o.accepted} refused (${refusalText(o.refusals)}); ${g.budgetRefusedUnused} for budget nobody was using, ${g.sliceTaken} for the hour's share taken by those paid or held in it`,
      yes(g.met),
    ]);
  }
  if (car) {
    const g = carryGoal(car);
    rows.push([
      "one hour pays at most its slice plus one request's most",
      "12 requests took 61.65 of 62.5 XRP in 1.1 s",
      "default",
      `${car.group.out.accepted} of ${CARRY} accepted, took ${xrp(g.took)} XRP against ${xrp(g.limit)} (released ${car.before.status?.budgetReleased})`,
      yes(g.met),
    ]);
  }
  console.log(table(["goal", "the issue measured", "settings", "measured", "met?"], rows));
}

async function main() {
  if (PARTS.has("burst") && !existsSync(BINARY)) {
    console.error(`farm bench: ${BINARY} not found. Build it first: bun build.ts (npm run bench does).`);
    process.exit(2);
  }
  console.log(
    "farm bench: bot farms played as a professional farmer (one request per IP group, a fresh device cookie from GET /, a browser's user agent, " +
      "a fresh Wallet.generate() address, the real proof of work) against honest visitors. " +
      "Part A: each strategy in a burst against the built binary (--xrpl sandbox --trust-proxy, X-Forwarded-For, real clock). " +
      "Part B: one UTC day in-process (createApp on a real port, fake clock, the real payout engine on the in-process sandbox ledger, " +
      "auto-approve run every simulated minute; paid = validated on the sandbox ledger, nobody approving by hand).",
  );
  const bursts: BurstRun[] = [];
  const days: DayResult[] = [];
  const pools: PoolResult[] = [];
  let aft: AfternoonResult | null = null;
  let car: CarryResult | null = null;
  try {
    if (PARTS.has("burst")) for (const setting of SETTINGS) bursts.push(await burst(setting));
    if (PARTS.has("day")) for (const setting of SETTINGS) days.push(await day(setting));
    if (PARTS.has("pool")) for (const setting of SETTINGS) pools.push(await proxyPool(setting));
    if (PARTS.has("afternoon")) aft = await afternoon();
    if (PARTS.has("carry")) car = await carry();
    for (const b of bursts) await b.finish();
  } finally {
    await cleanup();
  }
  const printed = captureOutput();
  for (const b of bursts) printBurst(b);
  for (const d of days) printDay(d);
  if (bursts.length > 0 || days.length > 0) printGoals(days, bursts);
  for (const r of pools) printPool(r);
  if (aft) printAfternoon(aft);
  if (car) printCarry(car);
  if (pools.length > 0 || aft || car) printIssueGoals(pools, aft, car);
  if (warned.size) console.log(`\nwarnings during the run: ${[...warned].join(" | ")}`);
  console.log(`\nfarm bench: ${((performance.now() - began) / 1000).toFixed(0)} s of wall time`);
  writeRecord("farm", { lines: printed.stop() });
}

await main();
// Every figure is printed; a failure of the bench itself has thrown above. (Bun sets exit code 1
// when a page it streamed failed mid-run, as when a build removes web/dist meanwhile: that is
// reported in the warnings, and the page was loaded again.)
process.exit(0);
