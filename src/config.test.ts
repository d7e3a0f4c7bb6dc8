import { describe, expect, test } from "bun:test";
import { helpText, parseCommand, UsageError } from "./config.ts";

describe("flags and environment", () => {
  test("defaults: port 3000 on 0.0.0.0 with ./data, no proxy", () => {
    expect(parseCommand([], {}).config).toEqual({ port: 3000, host: "0.0.0.0", dataDir: "./data", publicUrl: null, trustProxy: false, payouts: { mode: "off" }, explorerUrl: null, mail: null });
  });

  test("environment variables, and flags winning over them", () => {
    const env = { PORT: "8080", HOST: "127.0.0.1", DATA_DIR: "/srv/d", PUBLIC_URL: "https://faucet.example/", TRUST_PROXY: "true" };
    expect(parseCommand([], env).config).toEqual({ port: 8080, host: "127.0.0.1", dataDir: "/srv/d", publicUrl: "https://faucet.example", trustProxy: true, payouts: { mode: "off" }, explorerUrl: null, mail: null });
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

  test("--help documents every flag and its environment variable", () => {
    const help = helpText();
    for (const text of ["--port", "PORT", "--host", "HOST", "--data-dir", "DATA_DIR", "--public-url", "PUBLIC_URL", "--trust-proxy", "TRUST_PROXY", "--seed-admin", "ADMIN_PASSWORD", "--help"]) {
      expect(help).toContain(text);
    }
  });
});
