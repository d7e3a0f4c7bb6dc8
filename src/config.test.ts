import { describe, expect, test } from "bun:test";
import { helpText, parseCommand, UsageError } from "./config.ts";

// No daily ceiling given: the engine takes the day's budgets at start; 1000 XRP a payment.
const DEFAULT_CEILING = { dailyDrops: null, paymentDrops: 1_000_000_000 };

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
    });
  });

  test("environment variables, and flags winning over them", () => {
    const env = { PORT: "8080", HOST: "127.0.0.1", DATA_DIR: "/srv/d", PUBLIC_URL: "https://faucet.example/", TRUST_PROXY: "true" };
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
    [["--public-url", "faucet"], "--public-url must be an http(s) URL such as https://faucet.example.com, got 'faucet'"],
    [["serve"], "unexpected argument 'serve'"],
    [["--email", "a@b.co"], "--email is only used with --seed-admin"],
    [["--seed-admin", "--email", "a@b.co"], "--seed-admin needs a value (USERNAME)"],
  ])("%j is refused: %s", (argv, message) => {
    expect(() => parseCommand(argv as string[], {})).toThrow(message);
  });

  test("--seed-admin takes a username and an optional email, never a password", () => {
    expect(parseCommand(["--seed-admin", "alice", "--email", "a@example.com"], {}).seedAdmin).toEqual({ username: "alice", email: "a@example.com" });
    expect(() => parseCommand(["--seed-admin", "alice", "--password", "x"], {})).toThrow("unknown flag '--password'");
  });

  test("payouts: off by default, the sandbox, or XRPL servers with a wallet", () => {
    expect(parseCommand(["--xrpl", "sandbox"], {}).config.payouts).toEqual({ mode: "sandbox", sandboxPort: 6006 });
    expect(parseCommand(["--xrpl", "sandbox", "--sandbox-port", "7007"], {}).config.payouts).toEqual({ mode: "sandbox", sandboxPort: 7007 });
    const env = { XRPL_URL: "wss://a.example, wss://b.example", XRPL_SEED: "sEdSecret", XRPL_ADDRESS: "rAddress" };
    expect(parseCommand([], env).config.payouts).toEqual({ mode: "ledger", urls: ["wss://a.example", "wss://b.example"], seed: "sEdSecret", address: "rAddress" });
    expect(() => parseCommand(["--xrpl", "mainnet"], {})).toThrow("--xrpl takes 'sandbox'");
    expect(() => parseCommand(["--xrpl-url", "https://x.example"], { XRPL_SEED: "s", XRPL_ADDRESS: "r" })).toThrow("ws:// or wss://");
    expect(() => parseCommand(["--xrpl-url", "wss://x.example"], { XRPL_ADDRESS: "r" })).toThrow("XRPL_SEED or --xrpl-seed-file");
    expect(() => parseCommand(["--xrpl-url", "wss://x.example"], { XRPL_SEED: "s" })).toThrow("XRPL_ADDRESS");
    expect(() => parseCommand(["--xrpl-url", "wss://x.example", "--xrpl-seed-file", "/nonexistent/seed"], { XRPL_ADDRESS: "r" })).toThrow("cannot read");
  });

  test("mail: --smtp-url with --mail-from and --public-url; an error never repeats the URL (its password)", () => {
    const url = "smtp://mailer:s3cret@mail.example:587";
    const site = ["--public-url", "https://faucet.example"];
    expect(parseCommand(["--smtp-url", url, "--mail-from", "Faucet <f@faucet.example>", ...site], {}).config.mail).toEqual({ smtpUrl: url, from: "Faucet <f@faucet.example>" });
    expect(parseCommand(site, { SMTP_URL: url, MAIL_FROM: "f@faucet.example" }).config.mail).toEqual({ smtpUrl: url, from: "f@faucet.example" });
    expect(() => parseCommand(["--smtp-url", url, ...site], {})).toThrow("--mail-from");
    expect(() => parseCommand(["--smtp-url", url, "--mail-from", "f@faucet.example"], {})).toThrow("--public-url");
    expect(() => parseCommand(["--mail-from", "f@faucet.example"], {})).toThrow("--mail-from is only used with --smtp-url");
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
    expect(ceiling(["--max-daily-payout", "150", "--max-payout", "20"])).toEqual({ dailyDrops: 150_000_000, paymentDrops: 20_000_000 });
    expect(ceiling(["--max-daily-payout=0.5", "--max-payout=0.000001"])).toEqual({ dailyDrops: 500_000, paymentDrops: 1 });
    expect(ceiling([], { MAX_DAILY_PAYOUT: "75.25", MAX_PAYOUT: " 12.5 " })).toEqual({ dailyDrops: 75_250_000, paymentDrops: 12_500_000 });
    // flags win over the environment; an empty variable is no variable
    expect(ceiling(["--max-daily-payout", "60"], { MAX_DAILY_PAYOUT: "75", MAX_PAYOUT: "" })).toEqual({ dailyDrops: 60_000_000, paymentDrops: 1_000_000_000 });
    // only one of them: the other keeps its default (the daily one is the budgets', at start)
    expect(ceiling(["--max-payout", "5000"])).toEqual({ dailyDrops: null, paymentDrops: 5_000_000_000 });
    expect(ceiling(["--xrpl", "sandbox", "--max-daily-payout", "10"])).toEqual({ dailyDrops: 10_000_000, paymentDrops: 1_000_000_000 });
  });

  test.each([
    [["--max-daily-payout", "lots"], {}, "--max-daily-payout must be an amount of XRP above 0 with at most 6 decimals, such as 150 or 0.5; got 'lots'"],
    [["--max-daily-payout", "0"], {}, "--max-daily-payout must be an amount of XRP above 0"],
    [["--max-payout", "-5"], {}, "--max-payout must be an amount of XRP above 0 with at most 6 decimals, such as 150 or 0.5; got '-5'"],
    [["--max-payout", "1.0000001"], {}, "--max-payout must be an amount of XRP above 0 with at most 6 decimals"],
    [["--max-payout", "1e3"], {}, "got '1e3'"],
    [["--max-payout="], {}, "--max-payout must be an amount of XRP above 0"],
    [["--max-payout"], {}, "--max-payout needs a value (XRP)"],
    [[], { MAX_DAILY_PAYOUT: "150 XRP" }, "MAX_DAILY_PAYOUT must be an amount of XRP above 0 with at most 6 decimals, such as 150 or 0.5; got '150 XRP'"],
    [[], { MAX_PAYOUT: "0.0" }, "MAX_PAYOUT must be an amount of XRP above 0"],
    [["--max-daily-payout", "100", "--max-payout", "100.000001"], {}, "--max-payout (100.000001 XRP a payment) cannot be above --max-daily-payout (100.000000 XRP a day)"],
    [[], { MAX_DAILY_PAYOUT: "10", MAX_PAYOUT: "20" }, "MAX_PAYOUT (20.000000 XRP a payment) cannot be above MAX_DAILY_PAYOUT (10.000000 XRP a day)"],
  ])("the ceiling %j %j is refused: %s", (argv, env, message) => {
    expect(() => parseCommand(argv as string[], env as Record<string, string>)).toThrow(UsageError);
    expect(() => parseCommand(argv as string[], env as Record<string, string>)).toThrow(message);
  });

  test("--help documents every flag and its environment variable", () => {
    const help = helpText();
    for (const text of ["--port", "PORT", "--host", "HOST", "--data-dir", "DATA_DIR", "--public-url", "PUBLIC_URL", "--trust-proxy", "TRUST_PROXY", "--seed-admin", "ADMIN_PASSWORD", "--help", "--max-daily-payout XRP", "MAX_DAILY_PAYOUT", "--max-payout XRP", "MAX_PAYOUT"]) {
      expect(help).toContain(text);
    }
  });
});
