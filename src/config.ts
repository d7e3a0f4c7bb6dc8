// Typed settings from flags and environment variables. Flags win over the environment.
import { readFileSync } from "node:fs";
import { formatXrp, parseXrp } from "./money.ts";
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string | null;
  trustProxy: boolean;
  payouts: PayoutConfig;
  payoutCeiling: PayoutCeiling;
  // --explorer-url: where a transaction hash links to, a template holding {hash}; null: the network's own
  explorerUrl: string | null;
  // the operator's SMTP server, for "Forgot password?" emails; none: the login page says to ask the admin
  mail?: MailSettings | null;
}

export interface MailSettings {
  smtpUrl: string;
  from: string;
}

// Where payouts go: nowhere (no wallet), the built-in sandbox ledger, or real XRPL servers.
export type PayoutConfig =
  | { mode: "off" }
  | { mode: "sandbox"; sandboxPort: number }
  | { mode: "ledger"; urls: string[]; seed: string; address: string };

// The most the payout engine signs, set by the operator with flags or the environment only: nothing
// on the admin screen changes it, so a stolen admin session cannot empty the hot wallet.
export interface PayoutCeiling {
  // --max-daily-payout, drops a UTC day; null: the faucet's and the bonuses' daily budgets as the
  // settings hold them at start
  dailyDrops: number | null;
  // --max-payout, drops a payment
  paymentDrops: number;
}

export const DEFAULT_MAX_PAYOUT_DROPS = 1_000 * 1_000_000;

export interface CliCommand {
  config: Config;
  help: boolean;
  seedAdmin: { username: string; email: string | null } | null;
  backupFile: string | null;
}

export class UsageError extends Error {}

interface FlagSpec {
  name: string;
  value: string | null; // placeholder shown in --help; null for a switch
  env: string | null;
  help: string;
}

export const FLAGS: FlagSpec[] = [
  { name: "port", value: "PORT", env: "PORT", help: "TCP port to listen on (default 3000)" },
  { name: "host", value: "HOST", env: "HOST", help: "address to bind (default 0.0.0.0)" },
  { name: "data-dir", value: "DIR", env: "DATA_DIR", help: "where the SQLite database lives (default ./data)" },
  {
    name: "public-url",
    value: "URL",
    env: "PUBLIC_URL",
    help: "the site's public origin, e.g. https://faucet.example.com (used for the Origin check and secure cookies)",
  },
  {
    name: "trust-proxy",
    value: null,
    env: "TRUST_PROXY",
    help: "the server runs behind one reverse proxy: the client IP is the last address of X-Forwarded-For (env: TRUST_PROXY=true)",
  },
  {
    name: "xrpl-url",
    value: "URL[,URL]",
    env: "XRPL_URL",
    help: "XRPL WebSocket server(s) to pay through, tried in order (wss://...); needs XRPL_SEED or --xrpl-seed-file, and XRPL_ADDRESS",
  },
  { name: "xrpl", value: "sandbox", env: null, help: "'sandbox': pay on the built-in simulated ledger with a funded sandbox wallet; nothing real is sent" },
  { name: "xrpl-seed-file", value: "FILE", env: null, help: "file holding the hot wallet's secret (instead of the XRPL_SEED variable)" },
  { name: "xrpl-address", value: "ADDRESS", env: "XRPL_ADDRESS", help: "the hot wallet's address; the server refuses to start when the secret does not derive it" },
  { name: "sandbox-port", value: "PORT", env: "SANDBOX_PORT", help: "loopback port of the sandbox ledger's WebSocket (default 6006)" },
  {
    name: "max-daily-payout",
    value: "XRP",
    env: "MAX_DAILY_PAYOUT",
    help: "the most XRP the server signs in one UTC day; past it payouts wait for the next day (default: the faucet's daily limit plus the bonus daily limit, as set at start)",
  },
  { name: "max-payout", value: "XRP", env: "MAX_PAYOUT", help: "the most XRP one payment may send; a larger payout is refused, never signed (default 1000)" },
  {
    name: "explorer-url",
    value: "TEMPLATE",
    env: "EXPLORER_URL",
    help: "where transaction hashes link to, e.g. https://explorer.example/tx/{hash} (default: the network's explorer; the sandbox's own page)",
  },
  {
    name: "smtp-url",
    value: "URL",
    env: "SMTP_URL",
    help: "SMTP server for password-reset emails, smtp://user:pass@host:port (smtps:// for TLS); needs --mail-from and --public-url",
  },
  { name: "mail-from", value: "ADDRESS", env: "MAIL_FROM", help: "the sender of the site's emails, e.g. 'XRP Faucet <faucet@example.com>'" },
  { name: "seed-admin", value: "USERNAME", env: null, help: "create or reset an admin account and exit; the password comes from ADMIN_PASSWORD or the first line of standard input" },
  { name: "email", value: "EMAIL", env: null, help: "the admin's email for --seed-admin (default USERNAME@localhost)" },
  { name: "backup", value: "FILE", env: null, help: "write a consistent copy of the database to FILE (safe while the server runs) and exit" },
  { name: "help", value: null, env: null, help: "show this help and exit" },
];

export function helpText(): string {
  const rows = FLAGS.map((f) => {
    const left = `  --${f.name}${f.value ? ` ${f.value}` : ""}`;
    const env = f.env && f.value ? ` [env ${f.env}]` : "";
    return `${left.padEnd(28)} ${f.help}${env}`;
  });
  return [
    "xrp-faucet: a self-hosted XRP faucet and rewards website in one executable.",
    "",
    "Usage:",
    "  xrp-faucet [options]                      serve the site and the API",
    "  xrp-faucet --seed-admin USERNAME [--email EMAIL]",
    "  xrp-faucet --backup FILE [--data-dir DIR]",
    "",
    "Options:",
    ...rows,
    "",
    "Examples:",
    "  xrp-faucet --port 8080 --data-dir /var/lib/xrp-faucet",
    "  ADMIN_PASSWORD='a long passphrase' xrp-faucet --seed-admin alice --email alice@example.com",
    "",
  ].join("\n");
}

function parsePort(raw: string, source: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) throw new UsageError(`${source} must be a port number from 0 to 65535, got '${raw}'`);
  return port;
}

function parseUrl(raw: string, source: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    return url.origin;
  } catch {
    throw new UsageError(`${source} must be an http(s) URL such as https://faucet.example.com, got '${raw}'`);
  }
}

// An http(s) URL holding {hash}, where the hash goes.
function parseExplorerUrl(raw: string | undefined, source: string): string | null {
  if (raw === undefined || raw.trim() === "") return null;
  const template = raw.trim();
  if (!template.includes("{hash}")) throw new UsageError(`${source} must contain {hash} where the transaction hash goes, e.g. https://explorer.example/tx/{hash}; got '${template}'`);
  try {
    const url = new URL(template.replaceAll("{hash}", "HASH"));
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    throw new UsageError(`${source} must be an http(s) URL such as https://explorer.example/tx/{hash}, got '${template}'`);
  }
  return template;
}

// Parses argv (without the executable) and the environment into a command.
export function parseCommand(argv: string[], env: Record<string, string | undefined>): CliCommand {
  const values = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument '${arg}'`);
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const spec = FLAGS.find((f) => f.name === name);
    if (!spec) throw new UsageError(`unknown flag '--${name}'`);
    if (spec.value === null) {
      if (eq !== -1) throw new UsageError(`--${name} is a switch and takes no value`);
      values.set(name, true);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined || (eq === -1 && value.startsWith("--"))) throw new UsageError(`--${name} needs a value (${spec.value})`);
    values.set(name, value);
  }
  const flag = (name: string) => values.get(name) as string | undefined;

  const port = flag("port") !== undefined ? parsePort(flag("port")!, "--port") : env.PORT ? parsePort(env.PORT, "PORT") : 3000;
  const publicUrlRaw = flag("public-url") ?? env.PUBLIC_URL;
  const trustEnv = (env.TRUST_PROXY ?? "").toLowerCase();
  if (trustEnv && !["true", "false", "1", "0"].includes(trustEnv)) throw new UsageError(`TRUST_PROXY must be true or false, got '${env.TRUST_PROXY}'`);
  const seedUser = flag("seed-admin");
  if (flag("email") !== undefined && seedUser === undefined) throw new UsageError("--email is only used with --seed-admin");

  return {
    help: values.has("help"),
    backupFile: flag("backup") ?? null,
    seedAdmin: seedUser !== undefined ? { username: seedUser, email: flag("email") ?? null } : null,
    config: {
      port,
      host: flag("host") ?? env.HOST ?? "0.0.0.0",
      dataDir: flag("data-dir") ?? env.DATA_DIR ?? "./data",
      publicUrl: publicUrlRaw ? parseUrl(publicUrlRaw, flag("public-url") ? "--public-url" : "PUBLIC_URL") : null,
      trustProxy: values.has("trust-proxy") || trustEnv === "true" || trustEnv === "1",
      payouts: parsePayouts(flag, env),
      payoutCeiling: parsePayoutCeiling(flag, env),
      mail: parseMail(flag, env, publicUrlRaw),
      explorerUrl: parseExplorerUrl(flag("explorer-url") ?? env.EXPLORER_URL, flag("explorer-url") !== undefined ? "--explorer-url" : "EXPLORER_URL"),
    },
  };
}

// The SMTP URL is a secret (its password): an error names the flag, never the value.
function parseMail(flag: (name: string) => string | undefined, env: Record<string, string | undefined>, publicUrl: string | undefined): MailSettings | null {
  const smtpUrl = (flag("smtp-url") ?? env.SMTP_URL)?.trim();
  const from = (flag("mail-from") ?? env.MAIL_FROM)?.trim();
  if (!smtpUrl) {
    if (from) throw new UsageError("--mail-from is only used with --smtp-url");
    return null;
  }
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new UsageError("--smtp-url must be a URL such as smtp://user:pass@host:587");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new UsageError("--smtp-url must start with smtp:// or smtps://");
  if (!from) throw new UsageError("--smtp-url needs the sender's address: set --mail-from or MAIL_FROM");
  // the emailed links point at the public URL, never at a Host header a visitor chose
  if (!publicUrl) throw new UsageError("--smtp-url needs --public-url: the password-reset emails link to it");
  return { smtpUrl, from };
}

// An amount of XRP above 0, at most 6 decimals, as drops.
function parseXrpAmount(raw: string, source: string): number {
  const drops = parseXrp(raw);
  if (drops === null || drops <= 0) throw new UsageError(`${source} must be an amount of XRP above 0 with at most 6 decimals, such as 150 or 0.5; got '${raw}'`);
  return drops;
}

function parsePayoutCeiling(flag: (name: string) => string | undefined, env: Record<string, string | undefined>): PayoutCeiling {
  const source = (name: string, envName: string) => (flag(name) !== undefined ? `--${name}` : envName);
  const amount = (name: string, envName: string) => {
    const raw = flag(name) ?? env[envName];
    if (raw === undefined || (flag(name) === undefined && raw.trim() === "")) return null;
    return parseXrpAmount(raw, source(name, envName));
  };
  const dailyDrops = amount("max-daily-payout", "MAX_DAILY_PAYOUT");
  const paymentDrops = amount("max-payout", "MAX_PAYOUT");
  if (dailyDrops !== null && paymentDrops !== null && paymentDrops > dailyDrops) {
    throw new UsageError(
      `${source("max-payout", "MAX_PAYOUT")} (${formatXrp(paymentDrops)} XRP a payment) cannot be above ${source("max-daily-payout", "MAX_DAILY_PAYOUT")} (${formatXrp(dailyDrops)} XRP a day)`,
    );
  }
  return { dailyDrops, paymentDrops: paymentDrops ?? DEFAULT_MAX_PAYOUT_DROPS };
}

function parsePayouts(flag: (name: string) => string | undefined, env: Record<string, string | undefined>): PayoutConfig {
  const mode = flag("xrpl");
  const urlsRaw = flag("xrpl-url") ?? env.XRPL_URL;
  if (mode !== undefined && mode !== "sandbox") throw new UsageError(`--xrpl takes 'sandbox', got '${mode}' (use --xrpl-url for real servers)`);
  const sandboxPortRaw = flag("sandbox-port") ?? env.SANDBOX_PORT;
  if (mode === "sandbox") {
    if (urlsRaw) throw new UsageError("choose one of --xrpl sandbox and --xrpl-url");
    return { mode: "sandbox", sandboxPort: sandboxPortRaw ? parsePort(sandboxPortRaw, "--sandbox-port") : 6006 };
  }
  if (!urlsRaw) return { mode: "off" };
  const urls = urlsRaw.split(",").map((u) => u.trim()).filter(Boolean);
  for (const url of urls) {
    if (!/^wss?:\/\/[^\s]+$/.test(url)) throw new UsageError(`XRPL URLs must be ws:// or wss:// addresses, got '${url}'`);
  }
  const seedFile = flag("xrpl-seed-file");
  let seed = env.XRPL_SEED?.trim();
  if (seedFile) {
    try {
      seed = readFileSync(seedFile, "utf8").trim();
    } catch {
      throw new UsageError(`cannot read the hot wallet secret from ${seedFile}`);
    }
  }
  if (!seed) throw new UsageError("--xrpl-url needs the hot wallet's secret: set XRPL_SEED or --xrpl-seed-file");
  const address = (flag("xrpl-address") ?? env.XRPL_ADDRESS)?.trim();
  if (!address) throw new UsageError("--xrpl-url needs the hot wallet's address: set XRPL_ADDRESS or --xrpl-address");
  return { mode: "ledger", urls, seed, address };
}
