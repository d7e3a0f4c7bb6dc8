// Runs the ledger simulator on its own: `bun src/payouts/simulator/cli.ts --port 6006`.
//
//   --port PORT               the WebSocket's port (default 6006)
//   --state-file FILE         where the ledger's state lives across restarts
//   --close-interval-ms MS    close (and validate) a ledger this often (default 3000; 0: only on demand)
//   --history-from-now        a server without full history: it holds no ledger before this start
//                             (the state file's balances and Sequences are kept; account_tx and tx
//                             answer only from the ledgers closed from now on)
//   --faults-from-stdin       read faults from standard input, one a line: a fault's name and its
//                             arguments (numbers, true/false, addresses), e.g. `stall true`,
//                             `takeSequence rXXX`, `swallow 1`, `historyGap 5 9`; each answers a line
//                             `fault NAME: RESULT` (or `fault NAME failed: MESSAGE`) on standard output
import { startLedgerSimulator, type SimulatorFaults } from "./index.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const flag = (name: string) => process.argv.includes(name);
const interval = arg("--close-interval-ms");
const sim = await startLedgerSimulator({
  port: Number(arg("--port") ?? 6006),
  stateFile: arg("--state-file") ?? null,
  closeIntervalMs: interval === "0" ? null : Number(interval ?? 3000),
});
console.log(
  `ledger simulator on ${sim.url}; genesis ${sim.genesis.address} (secret ${sim.genesis.seed}, the well-known stand-alone one)`,
);

if (flag("--history-from-now")) {
  const upTo = sim.validatedLedgerIndex();
  sim.faults.historyGap(1, upTo);
  console.log(`history: none held up to ledger ${upTo}; complete from ledger ${upTo + 1} on`);
}

if (flag("--faults-from-stdin")) {
  const value = (word: string): unknown =>
    word === "true" ? true : word === "false" ? false : /^-?\d+(\.\d+)?$/.test(word) ? Number(word) : word;
  void (async () => {
    for await (const line of console) {
      const [name, ...words] = line.trim().split(/\s+/);
      if (!name) continue;
      const fault = Object.hasOwn(sim.faults, name)
        ? (sim.faults[name as keyof SimulatorFaults] as (...args: unknown[]) => unknown)
        : undefined;
      if (!fault) {
        console.log(`fault ${name} failed: no such fault (${Object.keys(sim.faults).join(", ")})`);
        continue;
      }
      try {
        const result = fault(...words.map(value));
        console.log(`fault ${name}: ${result === undefined ? "done" : String(result)}`);
      } catch (error) {
        console.log(`fault ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void sim.close().then(() => process.exit(0)));
