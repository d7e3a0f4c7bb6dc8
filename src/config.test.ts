import { describe, expect, test } from "bun:test";
import { helpText, parseCommand, UsageError } from "./config.ts";

// No daily ceiling given: the engine takes the day's budgets at start; 1000 XRP a payment.
const DEFAULT_CEILING = { dailyDrops: null, paymentDrops: 1_000_000_000 };

describe("alert thresholds", () => {
  test("--alert-wallet-days and --alert-wallet-floor, or their variables; bad values are refused", () => {
    expect(parseCommand(["--alert-wallet-days", "7", "--alert-wallet-floor", "250.5"], {}).config.alerts).toEqual({
      walletDays: 7,
      walletFloorDrops: 250_500_000,
    });
    expect(parseCommand([], { ALERT_WALLET_DAYS: "2", ALERT_WALLET_FLOOR: "10" }).config.alerts).toEqual({
      walletDays: 2,
      walletFloorDrops: 10_000_000,
    });
    expect(() => parseCommand(["--alert-wallet-days", "0"], {})).toThrow(
      "--alert-wallet-days must be a whole number of days from 1 to 365; got '0'",
    );
    expect(() => parseCommand(["--alert-wallet-floor", "-1"], {})).toThrow(
      "--alert-wallet-floor must be an amount of XRP above 0",
    );
  });
});

describe("flags and environment", () => {
  test("defaults: port 3000 on 0.0.0.0 with ./data, no proxy", () => {
    expect(parseCommand([], {}).config).toEqual({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      publicUrl: null,
      trustProxy: false,
      payouts: { mode: "off" },
      payoutCeiling: DEFAULT_CEILING,
      explorerUrl: null,
      mail: null,
      metricsToken: null,
      logFormat: "text",
      backups: null,
      alerts: { walletDays: 3, walletFloorDrops: 0 },
    });
  });

  test("environment variables, and flags winning over them", () => {
    const env = {
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/d",
      PUBLIC_URL: "https://faucet.example/",
      TRUST_PROXY: "true",
    };
    expect(parseCommand([], env).config).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/d",
      publicUrl: "https://faucet.example",
      trustProxy: true,
      payouts: { mode: "off" },
      payoutCeiling: DEFAULT_CEILING,
      explorerUrl: null,
      mail: null,
      metricsToken: null,
      logFormat: "text",
      backups: null,
      alerts: { walletDays: 3, walletFloorDrops: 0 },
    });
    expect(parseCommand(["--port", "9000", "--data-dir=/x"], env).config).toMatchObject({ port: 9000, dataDir: "/x" });
  });

  test("--trust-proxy is a switch", () => {
    expect(parseCommand(["--trust-proxy"], {}).config.trustProxy).toBe(true);
    expect(() => parseCommand(["--trust-proxy=yes"], {})).toThrow(UsageError);
  });

  test.each([
    [["--bogus"], "unknown flag '--bogus'"],
    [["--port"], "--port needs a value (PORT)"],
    [["--port", "http"], "--port must be a port number from 0 to 65535, got 'http'"],
    [["--port", "70000"], "--port must be a port number from 0 to 65535, got '70000'"],
    [
      ["--public-url", "faucet"],
      "--public-url must be an http(s) URL such as https://faucet.example.com, got 'faucet'",
    ],
    [["serve"], "unexpected argument 'serve'"],
    [["--email", "a@b.co"], "--email is only used with --seed-admin"],
    [["--seed-admin", "--email", "a@b.co"], "--seed-admin needs a value (USERNAME)"],
  ])("%j is refused: %s", (argv, message) => {
    expect(() => parseCommand(argv as string[], {})).toThrow(message);
  });

  test("--seed-admin takes a username and an optional email, never a password", () => {
    expect(parseCommand(["--seed-admin", "alice", "--email", "a@example.com"], {}).seedAdmin).toEqual({
      username: "alice",
      email: "a@example.com",
    });
    expect(() => parseCommand(["--seed-admin", "alice", "--password", "x"], {})).toThrow("unknown flag '--password'");
  });

  test("payouts: off by default, the sandbox, or XRPL servers with a wallet", () => {
    expect(parseCommand(["--xrpl", "sandbox"], {}).config.payouts).toEqual({ mode: "sandbox", sandboxPort: 6006 });
    expect(parseCommand(["--xrpl", "sandbox", "--sandbox-port", "7007"], {}).config.payouts).toEqual({
      mode: "sandbox",
      sandboxPort: 7007,
    });
    const env = { XRPL_URL: "wss://a.example, wss://b.example", XRPL_SEED: "sEdSecret", XRPL_ADDRESS: "rAddress" };
    expect(parseCommand([], env).config.payouts).toEqual({
      mode: "ledger",
      urls: ["wss://a.example", "wss://b.example"],
      seed: "sEdSecret",
      address: "rAddress",
    });
    expect(() => parseCommand(["--xrpl", "mainnet"], {})).toThrow("--xrpl takes 'sandbox'");
    expect(() => parseCommand(["--xrpl-url", "https://x.example"], { XRPL_SEED: "s", XRPL_ADDRESS: "r" })).toThrow(
      "ws:// or wss://",
    );
    expect(() => parseCommand(["--xrpl-url", "wss://x.example"], { XRPL_ADDRESS: "r" })).toThrow(
      "XRPL_SEED or --xrpl-seed-file",
    );
    expect(() => parseCommand(["--xrpl-url", "wss://x.example"], { XRPL_SEED: "s" })).toThrow("XRPL_ADDRESS");
    expect(() =>
      parseCommand(["--xrpl-url", "wss://x.example", "--xrpl-seed-file", "/nonexistent/seed"], { XRPL_ADDRESS: "r" }),
    ).toThrow("cannot read");
  });

  test("mail: --smtp-url with --mail-from and --public-url; an error never repeats the URL (its password)", () => {
    const url = "smtp://mailer:s3cret@mail.example:587";
    const site = ["--public-url", "https://faucet.example"];
    expect(
      parseCommand(["--smtp-url", url, "--mail-from", "Faucet <f@faucet.example>", ...site], {}).config.mail,
    ).toEqual({ smtpUrl: url, from: "Faucet <f@faucet.example>" });
    expect(parseCommand(site, { SMTP_URL: url, MAIL_FROM: "f@faucet.example" }).config.mail).toEqual({
      smtpUrl: url,
      from: "f@faucet.example",
    });
    expect(() => parseCommand(["--smtp-url", url, ...site], {})).toThrow("--mail-from");
    expect(() => parseCommand(["--smtp-url", url, "--mail-from", "f@faucet.example"], {})).toThrow("--public-url");
    expect(() => parseCommand(["--mail-from", "f@faucet.example"], {})).toThrow(
      "--mail-from is only used with --smtp-url",
    );
    for (const bad of ["http://mailer:s3cret@mail.example", "not a url s3cret"]) {
      let message = "";
      try {
        parseCommand(["--smtp-url", bad, "--mail-from", "f@x.example", ...site], {});
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain("--smtp-url");
      expect(message).not.toContain("s3cret");
    }
  });

  test("the payout ceiling: --max-daily-payout and --max-payout in XRP, or their variables, as drops", () => {
    const ceiling = (argv: string[], env: Record<string, string> = {}) => parseCommand(argv, env).config.payoutCeiling;
    expect(ceiling(["--max-daily-payout", "150", "--max-payout", "20"])).toEqual({
      dailyDrops: 150_000_000,
      paymentDrops: 20_000_000,
    });
    expect(ceiling(["--max-daily-payout=0.5", "--max-payout=0.000001"])).toEqual({
      dailyDrops: 500_000,
      paymentDrops: 1,
    });
    expect(ceiling([], { MAX_DAILY_PAYOUT: "75.25", MAX_PAYOUT: " 12.5 " })).toEqual({
      dailyDrops: 75_250_000,
      paymentDrops: 12_500_000,
    });
    // flags win over the environment; an empty variable is no variable
    expect(ceiling(["--max-daily-payout", "60"], { MAX_DAILY_PAYOUT: "75", MAX_PAYOUT: "" })).toEqual({
      dailyDrops: 60_000_000,
      paymentDrops: 1_000_000_000,
    });
    // only one of them: the other keeps its default (the daily one is the budgets', at start)
    expect(ceiling(["--max-payout", "5000"])).toEqual({ dailyDrops: null, paymentDrops: 5_000_000_000 });
    expect(ceiling(["--xrpl", "sandbox", "--max-daily-payout", "10"])).toEqual({
      dailyDrops: 10_000_000,
      paymentDrops: 1_000_000_000,
    });
  });

  test.each([
    [
      ["--max-daily-payout", "lots"],
      {},
      "--max-daily-payout must be an amount of XRP above 0 with at most 6 decimals, such as 150 or 0.5; got 'lots'",
    ],
    [["--max-daily-payout", "0"], {}, "--max-daily-payout must be an amount of XRP above 0"],
    [
      ["--max-payout", "-5"],
      {},
      "--max-payout must be an amount of XRP above 0 with at most 6 decimals, such as 150 or 0.5; got '-5'",
    ],
    [["--max-payout", "1.0000001"], {}, "--max-payout must be an amount of XRP above 0 with at most 6 decimals"],
    [["--max-payout", "1e3"], {}, "got '1e3'"],
    [["--max-payout="], {}, "--max-payout must be an amount of XRP above 0"],
    [["--max-payout"], {}, "--max-payout needs a value (XRP)"],
    [
      [],
      { MAX_DAILY_PAYOUT: "150 XRP" },
      "MAX_DAILY_PAYOUT must be an amount of XRP above 0 with at most 6 decimals, such as 150 or 0.5; got '150 XRP'",
    ],
    [[], { MAX_PAYOUT: "0.0" }, "MAX_PAYOUT must be an amount of XRP above 0"],
    [
      ["--max-daily-payout", "100", "--max-payout", "100.000001"],
      {},
      "--max-payout (100.000001 XRP a payment) cannot be above --max-daily-payout (100.000000 XRP a day)",
    ],
    [
      [],
      { MAX_DAILY_PAYOUT: "10", MAX_PAYOUT: "20" },
      "MAX_PAYOUT (20.000000 XRP a payment) cannot be above MAX_DAILY_PAYOUT (10.000000 XRP a day)",
    ],
  ])("the ceiling %j %j is refused: %s", (argv, env, message) => {
    expect(() => parseCommand(argv as string[], env as Record<string, string>)).toThrow(UsageError);
    expect(() => parseCommand(argv as string[], env as Record<string, string>)).toThrow(message);
  });

  test("backups: --backup-dir turns them on (every 6h, keep 14), --backup-every and --backup-keep tune them, or their variables", () => {
    const backups = (argv: string[], env: Record<string, string> = {}) => parseCommand(argv, env).config.backups;
    expect(backups([])).toBeNull();
    expect(backups(["--backup-dir", "/var/backups/faucet"])).toEqual({
      dir: "/var/backups/faucet",
      everyMs: 6 * 3_600_000,
      keep: 14,
    });
    expect(backups(["--backup-dir=/b", "--backup-every", "30m", "--backup-keep", "3"])).toEqual({
      dir: "/b",
      everyMs: 30 * 60_000,
      keep: 3,
    });
    expect(backups([], { BACKUP_DIR: "/b", BACKUP_EVERY: "1d", BACKUP_KEEP: "30" })).toEqual({
      dir: "/b",
      everyMs: 86_400_000,
      keep: 30,
    });
    // flags win over the environment; an empty variable is no variable
    expect(backups(["--backup-every", "12h"], { BACKUP_DIR: "/b", BACKUP_EVERY: "1d", BACKUP_KEEP: "" })).toEqual({
      dir: "/b",
      everyMs: 12 * 3_600_000,
      keep: 14,
    });
    expect(backups([], { BACKUP_DIR: "" })).toBeNull();
  });

  test.each([
    [
      ["--backup-dir", "/b", "--backup-every", "6"],
      {},
      "--backup-every must be a duration such as 30m, 6h or 1d (from 1m to 30d), got '6'",
    ],
    [["--backup-dir", "/b", "--backup-every", "90s"], {}, "got '90s'"],
    [
      ["--backup-dir", "/b", "--backup-every", "0m"],
      {},
      "--backup-every must be a duration such as 30m, 6h or 1d (from 1m to 30d), got '0m'",
    ],
    [["--backup-dir", "/b", "--backup-every", "31d"], {}, "(from 1m to 30d), got '31d'"],
    [["--backup-dir", "/b", "--backup-every", "1.5h"], {}, "got '1.5h'"],
    [
      ["--backup-dir", "/b"],
      { BACKUP_EVERY: "often" },
      "BACKUP_EVERY must be a duration such as 30m, 6h or 1d (from 1m to 30d), got 'often'",
    ],
    [["--backup-dir", "/b", "--backup-keep", "0"], {}, "--backup-keep must be a whole number from 1 to 1000, got '0'"],
    [
      ["--backup-dir", "/b", "--backup-keep", "all"],
      {},
      "--backup-keep must be a whole number from 1 to 1000, got 'all'",
    ],
    [["--backup-dir", "/b"], { BACKUP_KEEP: "5000" }, "BACKUP_KEEP must be a whole number from 1 to 1000, got '5000'"],
    [["--backup-every", "6h"], {}, "--backup-every is only used with --backup-dir (or BACKUP_DIR)"],
    [[], { BACKUP_KEEP: "3" }, "BACKUP_KEEP is only used with --backup-dir (or BACKUP_DIR)"],
    [["--backup-dir="], {}, "--backup-dir needs a directory"],
    [["--backup-dir"], {}, "--backup-dir needs a value (DIR)"],
    [["--restore", "b.db", "--backup", "c.db"], {}, "--restore cannot be combined with --backup or --seed-admin"],
    [["--restore", "b.db", "--seed-admin", "boss"], {}, "--restore cannot be combined with --backup or --seed-admin"],
  ])("backups %j %j are refused: %s", (argv, env, message) => {
    expect(() => parseCommand(argv as string[], env as Record<string, string>)).toThrow(UsageError);
    expect(() => parseCommand(argv as string[], env as Record<string, string>)).toThrow(message);
  });

  test("--restore FILE, with the data directory it restores into", () => {
    expect(parseCommand(["--restore", "/b/xrp-faucet-20260115-120000.db", "--data-dir", "/srv/d"], {})).toMatchObject({
      restoreFile: "/b/xrp-faucet-20260115-120000.db",
      config: { dataDir: "/srv/d" },
    });
    expect(parseCommand([], {}).restoreFile).toBeNull();
  });

  test("--help documents every flag and its environment variable", () => {
    const help = helpText();
    for (const text of [
      "--port",
      "PORT",
      "--host",
      "HOST",
      "--data-dir",
      "DATA_DIR",
      "--public-url",
      "PUBLIC_URL",
      "--trust-proxy",
      "TRUST_PROXY",
      "--seed-admin",
      "ADMIN_PASSWORD",
      "--help",
      "--max-daily-payout XRP",
      "MAX_DAILY_PAYOUT",
      "--max-payout XRP",
      "MAX_PAYOUT",
      "--backup-dir DIR",
      "BACKUP_DIR",
      "--backup-every DURATION",
      "BACKUP_EVERY",
      "--backup-keep N",
      "BACKUP_KEEP",
      "--restore FILE",
    ]) {
      expect(help).toContain(text);
    }
  });
});

describe("GET /metrics' token and the log format", () => {
  const token = "0123456789abcdef0123456789abcdef";
  test("--metrics-token or METRICS_TOKEN (the flag wins; an empty variable is none); --log-format or LOG_FORMAT, text by default", () => {
    expect(parseCommand(["--metrics-token", token], {}).config.metricsToken).toBe(token);
    expect(parseCommand([], { METRICS_TOKEN: token }).config.metricsToken).toBe(token);
    expect(parseCommand(["--metrics-token", `${token}-flag`], { METRICS_TOKEN: token }).config.metricsToken).toBe(
      `${token}-flag`,
    );
    expect(parseCommand([], { METRICS_TOKEN: "" }).config.metricsToken).toBeNull();
    expect(parseCommand(["--log-format", "json"], {}).config.logFormat).toBe("json");
    expect(parseCommand([], { LOG_FORMAT: "JSON" }).config.logFormat).toBe("json");
    expect(parseCommand(["--log-format=text"], { LOG_FORMAT: "json" }).config.logFormat).toBe("text");
    expect(parseCommand([], { LOG_FORMAT: "" }).config.logFormat).toBe("text");
  });

  test.each([
    [["--metrics-token", "short-secret"], {}, "--metrics-token must be 16 characters or more, without spaces"],
    [[], { METRICS_TOKEN: "a token with spaces in it" }, "METRICS_TOKEN must be 16 characters or more, without spaces"],
    [["--log-format", "xml"], {}, "--log-format must be text or json, got 'xml'"],
    [[], { LOG_FORMAT: "logfmt" }, "LOG_FORMAT must be text or json, got 'logfmt'"],
  ])("%j %j is refused: %s", (argv, env, message) => {
    expect(() => parseCommand(argv as string[], env as Record<string, string>)).toThrow(message);
  });

  test("a refused token is never repeated in the message (it is a secret)", () => {
    for (const secret of ["hunter2-too-short", "s3cret with a space"].map((s) => s.slice(0, 15))) {
      try {
        parseCommand(["--metrics-token", secret], {});
        throw new Error("accepted");
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        expect((error as Error).message).not.toContain(secret);
      }
    }
  });

  test("--help lists both, with their variables", () => {
    for (const text of ["--metrics-token TOKEN", "METRICS_TOKEN", "--log-format FORMAT", "LOG_FORMAT"])
      expect(helpText()).toContain(text);
  });
});
