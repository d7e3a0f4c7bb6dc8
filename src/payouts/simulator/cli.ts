// Runs the ledger simulator on its own: `bun src/payouts/simulator/cli.ts --port 6006`.
import { startLedgerSimulator } from "./index.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const interval = arg("--close-interval-ms");
const sim = await startLedgerSimulator({
  port: Number(arg("--port") ?? 6006),
  stateFile: arg("--state-file") ?? null,
  closeIntervalMs: interval === "0" ? null : Number(interval ?? 3000),
});
console.log(`ledger simulator on ${sim.url}; genesis ${sim.genesis.address} (secret ${sim.genesis.seed}, the well-known stand-alone one)`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void sim.close().then(() => process.exit(0)));
