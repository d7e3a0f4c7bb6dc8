// The executable: flags -> config -> open the database -> migrate -> seed an admin, or serve.
// Serving builds the app (app.ts), listens, then starts its schedules (app-schedules.ts), which it
// stops before the database closes. The app's code (Elysia, Drizzle, every feature) is imported
// only to serve: the commands that only touch the database start without it.
import type { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { helpText, parseCommand, UsageError } from "./config.ts";
import type { Db } from "./db/client.ts";
import { openMigratedDatabase } from "./db/migrate.ts";
import { PRIVATE_DIR_MODE, restrictDataDir } from "./db/open.ts";
import { createLogger, type Logger, routeConsoleTo } from "./lib/log.ts";
import type { StartedPayouts } from "./payouts/runtime.ts";
import type { Schedules } from "./app-schedules.ts";

// Everything the server creates (the data directory, the database and its WAL files, backups, the
// sandbox wallet and ledger) is readable by the server's user only.
process.umask(0o077);

// Every line the server prints (--log-format; the usage errors and --help before it is known are text).
let logger: Logger | undefined;

function fail(message: string, code: number): never {
  if (logger) logger.error(`xrp-faucet: ${message}`);
  else process.stderr.write(`xrp-faucet: ${message}\n`);
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
logger = createLogger({ format: config.logFormat ?? "text" });
if (logger.format === "json") routeConsoleTo(logger);
const dataDir = resolve(config.dataDir);

// --restore runs on a stopped server's data directory: before the database is opened (or made)
if (command.restoreFile) {
  const { restoreDatabase, RestoreRefused } = await import("./modules/backups/restore.ts");
  try {
    for (const line of restoreDatabase({ file: command.restoreFile, dataDir })) console.log(line);
    process.exit(0);
  } catch (error) {
    fail(
      `${error instanceof RestoreRefused ? "restore refused, nothing changed" : "restore failed"}: ${error instanceof Error ? error.message : String(error)}`,
      1,
    );
  }
}

let sqlite: Database;
try {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const problem of restrictDataDir(dataDir))
    logger.warn(`xrp-faucet: warning: could not make private (owner only): ${problem}`);
  sqlite = openMigratedDatabase(join(dataDir, "app.db"));
} catch (error) {
  fail(`cannot open the database in ${dataDir}: ${error instanceof Error ? error.message : String(error)}`, 1);
}

// Drizzle over the database, for what needs more than raw SQL (seeding an admin, payouts, the app).
let drizzleDb: Db | undefined;
const database = async () => (drizzleDb ??= (await import("./db/client.ts")).withDrizzle(sqlite));

if (command.backupFile) {
  try {
    const { backupDatabase } = await import("./db/backup.ts");
    const target = backupDatabase({ sqlite }, command.backupFile);
    console.log(`Backed up ${join(dataDir, "app.db")} to ${target}`);
    // the uploaded images go beside it, as the scheduled backups' do (--restore finds them there)
    const { copyUploads, writeUploadsList } = await import("./modules/backups/store.ts");
    const images = copyUploads(join(dataDir, "uploads"), join(dirname(target), "uploads"));
    writeUploadsList(target, images.files);
    const n = images.files.length;
    if (n > 0)
      console.log(
        `Its ${n} uploaded ${n === 1 ? "image is" : "images are"} in ${join(dirname(target), "uploads")} (${images.copied} copied now), listed in ${target}.uploads`,
      );
    process.exit(0);
  } catch (error) {
    fail(`backup failed: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

if (command.seedAdmin) {
  try {
    const { readAdminPassword, seedAdmin } = await import("./cli.ts");
    const password = await readAdminPassword(process.env);
    console.log(await seedAdmin(await database(), { ...command.seedAdmin, password }));
    sqlite.close();
    process.exit(0);
  } catch (error) {
    fail(`admin not seeded: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

let payouts: StartedPayouts = { runtime: null, stop: async () => {} };
try {
  if (config.payouts.mode === "off") {
    console.log(
      "payouts: not configured (no wallet); approving and paying answer 503 until XRPL_URL and a wallet are set, or --xrpl sandbox",
    );
  } else {
    // loaded only when payouts are on: the XRPL client is a large part of start-up
    const { startPayouts } = await import("./payouts/runtime.ts");
    const { createSettingsRepository } = await import("./modules/settings/repository.ts");
    const db = await database();
    payouts = await startPayouts({
      config: config.payouts,
      ceiling: config.payoutCeiling,
      db,
      dataDir,
      log: (line) => console.log(line),
      // without --max-daily-payout: the day's two budgets as the settings hold them at start
      dailyLimitsAtStart: () => createSettingsRepository(db).read(Date.now()),
    });
  }
} catch (error) {
  fail(`payouts: ${error instanceof Error ? error.message : String(error)}`, 1);
}

// the SMTP server by its host only: its URL holds the password
if (config.mail)
  console.log(`mail: password-reset emails through ${new URL(config.mail.smtpUrl).host} from ${config.mail.from}`);
else
  console.log(
    "mail: not configured; 'Forgot password?' asks users to contact the site's admin (set --smtp-url and --mail-from)",
  );

let schedules: Schedules | undefined;
let server: { stop(closeActiveConnections?: boolean): Promise<void> } | undefined;
// the back office's event streams, which stay open: ended first so that the server can stop
let endLiveStreams: (() => void) | undefined;
let stopping = false;
const STOP_GRACE_MS = 100;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests, then closing the database`);
  // A connection the kernel took while the loop was busy is not yet the server's: closing the listening
  // socket at once would reset it. A moment first lets the server take and answer it.
  await Bun.sleep(STOP_GRACE_MS);
  endLiveStreams?.();
  await server?.stop(false);
  await schedules?.stop();
  await payouts.stop();
  sqlite.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

try {
  const db = await database();
  const { createApp } = await import("./app.ts");
  const { startSchedules } = await import("./app-schedules.ts");
  const { loadSecretKey } = await import("./auth/secret-box.ts");
  const { diskSpaceOf } = await import("./modules/alerts/checks.ts");
  const { LOGIN_REFUSAL_HOLD_MS } = await import("./modules/account/service.ts");
  const app = createApp({
    db,
    config,
    version: pkg.version,
    payouts: payouts.runtime,
    secretKey: loadSecretKey(dataDir),
    // --backup-dir: backups on a schedule (modules/backups), started with the other schedules
    backups: config.backups
      ? { dataDir, settings: { ...config.backups, dir: resolve(config.backups.dir) } }
      : undefined,
    // admins sign in with a second factor when the server pays real XRP
    adminTwoFactorRequired: config.payouts.mode === "ledger",
    // a refused login is answered after a second (modules/account/service.ts)
    loginRefusalHoldMs: LOGIN_REFUSAL_HOLD_MS,
    accessLog: logger.access,
    metrics: { token: config.metricsToken ?? null },
    alerts: {
      diskSpace: () => diskSpaceOf(dataDir),
      walletDays: config.alerts.walletDays,
      walletFloorDrops: config.alerts.walletFloorDrops,
    },
  });
  app.listen({ port: config.port, hostname: config.host });
  server = app.server!;
  endLiveStreams = app.services.live.closeAll;
  // (said only once a stop signal is handled: whoever waits for this line may stop the server at once)
  console.log(
    `xrp-faucet ${pkg.version} listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${app.server!.port} (data: ${dataDir})`,
  );
  console.log(`app ready ${Math.round(performance.now())} ms after the start`);
  if (!stopping) {
    schedules = startSchedules(app.services, { sqlite, payoutsOn: payouts.runtime !== null });
    if (config.backups) console.log(app.services.backups.describe());
  }
} catch (error) {
  fail(`cannot start the app: ${error instanceof Error ? error.message : String(error)}`, 1);
}
