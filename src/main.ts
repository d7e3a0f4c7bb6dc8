// The executable: flags -> config -> open the database -> migrate -> seed an admin, or serve.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { createApp } from "./app.ts";
import { readAdminPassword, seedAdmin } from "./cli.ts";
import { helpText, parseCommand, UsageError } from "./config.ts";
import { openDatabase, PRIVATE_DIR_MODE, restrictDataDir, type Db } from "./db/client.ts";
import { backupDatabase } from "./db/backup.ts";
import { applyMigrations } from "./db/migrate.ts";
import type { StartedPayouts } from "./payouts/runtime.ts";

// Everything the server creates (the data directory, the database and its WAL files, backups, the
// sandbox wallet and ledger) is readable by the server's user only.
process.umask(0o077);

function fail(message: string, code: number): never {
  process.stderr.write(`xrp-faucet: ${message}\n`);
  process.exit(code);
}

let command: ReturnType<typeof parseCommand>;
try {
  command = parseCommand(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`xrp-faucet: ${error.message}\n\n${helpText()}`);
  process.exit(2);
}
if (command.help) {
  process.stdout.write(helpText());
  process.exit(0);
}

const { config } = command;
const dataDir = resolve(config.dataDir);
let db: Db;
try {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const problem of restrictDataDir(dataDir)) process.stderr.write(`xrp-faucet: warning: could not make private (owner only): ${problem}\n`);
  db = openDatabase(join(dataDir, "app.db"));
  applyMigrations(db);
} catch (error) {
  fail(`cannot open the database in ${dataDir}: ${error instanceof Error ? error.message : String(error)}`, 1);
}

if (command.backupFile) {
  try {
    console.log(`Backed up ${join(dataDir, "app.db")} to ${backupDatabase(db, command.backupFile)}`);
    process.exit(0);
  } catch (error) {
    fail(`backup failed: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

if (command.seedAdmin) {
  try {
    const password = await readAdminPassword(process.env);
    console.log(await seedAdmin(db, { ...command.seedAdmin, password }));
    db.sqlite.close();
    process.exit(0);
  } catch (error) {
    fail(`admin not seeded: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

let payouts: StartedPayouts = { runtime: null, stop: async () => {} };
try {
  if (config.payouts.mode === "off") {
    console.log("payouts: not configured (no wallet); approving and paying answer 503 until XRPL_URL and a wallet are set, or --xrpl sandbox");
  } else {
    // loaded only when payouts are on: the XRPL client is a large part of start-up
    const { startPayouts } = await import("./payouts/runtime.ts");
    payouts = await startPayouts({ config: config.payouts, db, dataDir, log: (line) => console.log(line) });
  }
} catch (error) {
  fail(`payouts: ${error instanceof Error ? error.message : String(error)}`, 1);
}

// the SMTP server by its host only: its URL holds the password
if (config.mail) console.log(`mail: password-reset emails through ${new URL(config.mail.smtpUrl).host} from ${config.mail.from}`);
else console.log("mail: not configured; 'Forgot password?' asks users to contact the site's admin (set --smtp-url and --mail-from)");

const app = createApp({ db, config, version: pkg.version, payouts: payouts.runtime });
app.listen({ port: config.port, hostname: config.host });
const server = app.server!;
console.log(`xrp-faucet ${pkg.version} listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${server.port} (data: ${dataDir})`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests, then closing the database`);
  await server.stop(false);
  await payouts.stop();
  db.sqlite.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
