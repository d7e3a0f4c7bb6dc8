// Typed settings from flags and environment variables. Flags win over the environment.
import { readFileSync } from "node:fs";
import { LOG_FORMATS, type LogFormat } from "./lib/log.ts";
import { DROPS_PER_XRP, formatXrp, parseXrp } from "./shared/money.ts";
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
  // when the hot wallet alert is raised: spendable below this many days of payouts at the last 7
  // days' rate, or below the floor (drops)
  alerts: { walletDays: number; walletFloorDrops: number };
  // the operator's SMTP server, for "Forgot password?" emails; none: the login page says to ask the admin
  mail?: MailSettings | null;
  // --metrics-token: who else than this machine may read GET /metrics (a secret: never logged)
  metricsToken?: string | null;
  // --log-format: text (as always) or json (a JSON object a line, and an access line per request)
  logFormat?: LogFormat;
  // --backup-dir, --backup-every, --backup-keep: backups the server takes itself; null: none
  backups?: BackupSettings | null;
}

export interface BackupSettings {
  dir: string;
  everyMs: number;
  keep: number;
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

export const DEFAULT_MAX_PAYOUT_DROPS = 1_000 * DROPS_PER_XRP;

export interface CliCommand {
  config: Config;
  help: boolean;
  seedAdmin: { username: string; email: string | null } | null;
  backupFile: string | null;
  restoreFile: string | null;
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
    help: "the site's public origin, e.g. https://faucet.example.com (the Origin check, secure cookies, the links of the feeds and share tags)",
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
  {
    name: "xrpl",
    value: "sandbox",
    env: null,
    help: "'sandbox': pay on the built-in simulated ledger with a funded sandbox wallet; nothing real is sent",
  },
  {
    name: "xrpl-seed-file",
    value: "FILE",
    env: null,
    help: "file holding the hot wallet's secret (instead of the XRPL_SEED variable)",
  },
  {
    name: "xrpl-address",
    value: "ADDRESS",
    env: "XRPL_ADDRESS",
    help: "the hot wallet's address; the server refuses to start when the secret does not derive it",
  },
  {
    name: "sandbox-port",
    value: "PORT",
    env: "SANDBOX_PORT",
    help: "loopback port of the sandbox ledger's WebSocket (default 6006)",
  },
  {
    name: "max-daily-payout",
    value: "XRP",
    env: "MAX_DAILY_PAYOUT",
    help: "the most XRP the server signs in one UTC day; past it payouts wait for the next day (default: the faucet's daily limit plus the bonus daily limit, as set at start)",
  },
  {
    name: "max-payout",
    value: "XRP",
    env: "MAX_PAYOUT",
    help: "the most XRP one payment may send; a larger payout is refused, never signed (default 1000)",
  },
  {
    name: "alert-wallet-days",
    value: "N",
    env: "ALERT_WALLET_DAYS",
    help: "alert the admins when the hot wallet can spend less than N days of payouts at the last 7 days' rate (default 3)",
  },
  {
    name: "alert-wallet-floor",
    value: "XRP",
    env: "ALERT_WALLET_FLOOR",
    help: "alert the admins when the hot wallet can spend less than this, whatever the rate (default: none)",
  },
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
  {
    name: "mail-from",
    value: "ADDRESS",
    env: "MAIL_FROM",
    help: "the sender of the site's emails, e.g. 'XRP Faucet <faucet@example.com>'",
  },
  {
    name: "seed-admin",
    value: "USERNAME",
    env: null,
    help: "create or reset an admin account and exit; the password comes from ADMIN_PASSWORD or the first line of standard input",
  },
  { name: "email", value: "EMAIL", env: null, help: "the admin's email for --seed-admin (default USERNAME@localhost)" },
  {
    name: "backup",
    value: "FILE",
    env: null,
    help: "write a consistent copy of the database to FILE (safe while the server runs) and exit",
  },
  {
    name: "backup-dir",
    value: "DIR",
    env: "BACKUP_DIR",
    help: "back the database up into DIR on a schedule (xrp-faucet-YYYYMMDD-HHMMSS.db), with a copy of secret.key",
  },
  {
    name: "backup-every",
    value: "DURATION",
    env: "BACKUP_EVERY",
    help: "how often, e.g. 30m, 6h or 1d (default 6h; from 1m to 30d)",
  },
  {
    name: "backup-keep",
    value: "N",
    env: "BACKUP_KEEP",
    help: "how many backups to keep; older ones are removed (default 14)",
  },
  {
    name: "restore",
    value: "FILE",
    env: null,
    help: "replace the database with the backup FILE (checked first; the server must be stopped) and exit",
  },
  {
    name: "metrics-token",
    value: "TOKEN",
    env: "METRICS_TOKEN",
    help: "let GET /metrics answer, besides this machine, a request with 'Authorization: Bearer TOKEN' (16 characters or more; prefer the variable: flags show in ps)",
  },
  {
    name: "log-format",
    value: "FORMAT",
    env: "LOG_FORMAT",
    help: "text (default) or json: one JSON object a line, with an access line per request",
  },
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
    "  xrp-faucet --restore FILE [--data-dir DIR]",
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
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535)
    throw new UsageError(`${source} must be a port number from 0 to 65535, got '${raw}'`);
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
  if (!template.includes("{hash}"))
    throw new UsageError(
      `${source} must contain {hash} where the transaction hash goes, e.g. https://explorer.example/tx/{hash}; got '${template}'`,
    );
  try {
    const url = new URL(template.replaceAll("{hash}", "HASH"));
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    throw new UsageError(
      `${source} must be an http(s) URL such as https://explorer.example/tx/{hash}, got '${template}'`,
    );
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
    if (value === undefined || (eq === -1 && value.startsWith("--")))
      throw new UsageError(`--${name} needs a value (${spec.value})`);
    values.set(name, value);
  }
  const flag = (name: string) => values.get(name) as string | undefined;

  const port =
    flag("port") !== undefined ? parsePort(flag("port")!, "--port") : env.PORT ? parsePort(env.PORT, "PORT") : 3000;
  const publicUrlRaw = flag("public-url") ?? env.PUBLIC_URL;
  const trustEnv = (env.TRUST_PROXY ?? "").toLowerCase();
  if (trustEnv && !["true", "false", "1", "0"].includes(trustEnv))
    throw new UsageError(`TRUST_PROXY must be true or false, got '${env.TRUST_PROXY}'`);
  const seedUser = flag("seed-admin");
  if (flag("email") !== undefined && seedUser === undefined)
    throw new UsageError("--email is only used with --seed-admin");

  return {
    help: values.has("help"),
    backupFile: flag("backup") ?? null,
    restoreFile: parseRestore(flag),
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
      metricsToken: parseMetricsToken(
        flag("metrics-token") ?? env.METRICS_TOKEN,
        flag("metrics-token") !== undefined ? "--metrics-token" : "METRICS_TOKEN",
      ),
      logFormat: parseLogFormat(
        flag("log-format") ?? env.LOG_FORMAT,
        flag("log-format") !== undefined ? "--log-format" : "LOG_FORMAT",
      ),
      backups: parseBackups(flag, env),
      explorerUrl: parseExplorerUrl(
        flag("explorer-url") ?? env.EXPLORER_URL,
        flag("explorer-url") !== undefined ? "--explorer-url" : "EXPLORER_URL",
      ),
      alerts: parseAlerts(flag, env),
    },
  };
}

function parseRestore(flag: (name: string) => string | undefined): string | null {
  const file = flag("restore");
  if (file === undefined) return null;
  if (flag("backup") !== undefined || flag("seed-admin") !== undefined)
    throw new UsageError("--restore cannot be combined with --backup or --seed-admin");
  return file;
}

export const DEFAULT_BACKUP_EVERY_MS = 6 * 3_600_000;
export const DEFAULT_BACKUP_KEEP = 14;
const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

// --backup-dir DIR turns the schedule on; --backup-every and --backup-keep only tune it.
function parseBackups(
  flag: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
): BackupSettings | null {
  // (an empty variable is no variable; an empty flag is refused below)
  const read = (name: string, envName: string) => {
    const given = flag(name);
    const raw = given !== undefined ? given.trim() : env[envName]?.trim() || undefined;
    return { raw, source: given !== undefined ? `--${name}` : envName };
  };
  const dir = read("backup-dir", "BACKUP_DIR");
  const every = read("backup-every", "BACKUP_EVERY");
  const keep = read("backup-keep", "BACKUP_KEEP");
  if (dir.raw === "") throw new UsageError(`${dir.source} needs a directory`);
  if (dir.raw === undefined) {
    for (const given of [every, keep])
      if (given.raw !== undefined)
        throw new UsageError(`${given.source} is only used with --backup-dir (or BACKUP_DIR)`);
    return null;
  }
  let everyMs = DEFAULT_BACKUP_EVERY_MS;
  if (every.raw !== undefined) {
    const match = /^(\d{1,6})\s*([mhd])$/.exec(every.raw);
    everyMs = match ? Number(match[1]) * DURATION_UNITS[match[2]!]! : Number.NaN;
    if (!(everyMs >= DURATION_UNITS.m! && everyMs <= 30 * DURATION_UNITS.d!)) {
      throw new UsageError(
        `${every.source} must be a duration such as 30m, 6h or 1d (from 1m to 30d), got '${every.raw}'`,
      );
    }
  }
  let keepCount = DEFAULT_BACKUP_KEEP;
  if (keep.raw !== undefined) {
    keepCount = /^\d{1,4}$/.test(keep.raw) ? Number(keep.raw) : Number.NaN;
    if (!(keepCount >= 1 && keepCount <= 1000))
      throw new UsageError(`${keep.source} must be a whole number from 1 to 1000, got '${keep.raw}'`);
  }
  return { dir: dir.raw, everyMs, keep: keepCount };
}

// The metrics token is a secret: an error names the flag, never the value. An empty variable is no token.
function parseMetricsToken(raw: string | undefined, source: string): string | null {
  if (raw === undefined || (source === "METRICS_TOKEN" && raw.trim() === "")) return null;
  if (!/^[\x21-\x7e]{16,}$/.test(raw))
    throw new UsageError(
      `${source} must be 16 characters or more, without spaces (e.g. the output of 'openssl rand -hex 32')`,
    );
  return raw;
}

function parseLogFormat(raw: string | undefined, source: string): LogFormat {
  if (raw === undefined || (source === "LOG_FORMAT" && raw.trim() === "")) return "text";
  const format = raw.trim().toLowerCase();
  if (!(LOG_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`${source} must be text or json, got '${raw}'`);
  return format as LogFormat;
}

// The SMTP URL is a secret (its password): an error names the flag, never the value.
function parseMail(
  flag: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
  publicUrl: string | undefined,
): MailSettings | null {
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
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new UsageError("--smtp-url must start with smtp:// or smtps://");
  if (!from) throw new UsageError("--smtp-url needs the sender's address: set --mail-from or MAIL_FROM");
  // the emailed links point at the public URL, never at a Host header a visitor chose
  if (!publicUrl) throw new UsageError("--smtp-url needs --public-url: the password-reset emails link to it");
  return { smtpUrl, from };
}

// An amount of XRP above 0, at most 6 decimals, as drops.
function parseXrpAmount(raw: string, source: string): number {
  const drops = parseXrp(raw);
  if (drops === null || drops <= 0)
    throw new UsageError(
      `${source} must be an amount of XRP above 0 with at most 6 decimals, such as 150 or 0.5; got '${raw}'`,
    );
  return drops;
}

function parseAlerts(
  flag: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
): Config["alerts"] {
  const daysRaw = (flag("alert-wallet-days") ?? env.ALERT_WALLET_DAYS)?.trim() || undefined;
  const floorRaw = (flag("alert-wallet-floor") ?? env.ALERT_WALLET_FLOOR)?.trim() || undefined;
  const days = daysRaw === undefined ? 3 : Number(daysRaw);
  if (!Number.isInteger(days) || days < 1 || days > 365)
    throw new UsageError(`--alert-wallet-days must be a whole number of days from 1 to 365; got '${daysRaw}'`);
  return {
    walletDays: days,
    walletFloorDrops:
      floorRaw === undefined
        ? 0
        : parseXrpAmount(
            floorRaw,
            flag("alert-wallet-floor") !== undefined ? "--alert-wallet-floor" : "ALERT_WALLET_FLOOR",
          ),
  };
}

function parsePayoutCeiling(
  flag: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
): PayoutCeiling {
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

function parsePayouts(
  flag: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
): PayoutConfig {
  const mode = flag("xrpl");
  const urlsRaw = flag("xrpl-url") ?? env.XRPL_URL;
  if (mode !== undefined && mode !== "sandbox")
    throw new UsageError(`--xrpl takes 'sandbox', got '${mode}' (use --xrpl-url for real servers)`);
  const sandboxPortRaw = flag("sandbox-port") ?? env.SANDBOX_PORT;
  if (mode === "sandbox") {
    if (urlsRaw) throw new UsageError("choose one of --xrpl sandbox and --xrpl-url");
    return { mode: "sandbox", sandboxPort: sandboxPortRaw ? parsePort(sandboxPortRaw, "--sandbox-port") : 6006 };
  }
  if (!urlsRaw) return { mode: "off" };
  const urls = urlsRaw
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls) {
    if (!/^wss?:\/\/[^\s]+$/.test(url))
      throw new UsageError(`XRPL URLs must be ws:// or wss:// addresses, got '${url}'`);
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
