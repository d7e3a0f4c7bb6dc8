// The built binary with --backup-dir makes its first backup soon after start, by its worker thread;
// after a restart the next one is due an interval after the newest.
import { expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { binaryInEmptyDir, startBinary } from "../../testing/binary.ts";
import { waitFor } from "../../testing/wait.ts";
import { binaryDirs } from "./restore-testing.ts";

const { dirs, servers } = binaryDirs();

test("the binary with --backup-dir: the first backup soon after start (none yet), by its worker thread; after a restart the next one is an interval after it", async () => {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  const backups = join(dir, "backups");
  const args = ["--backup-dir", "backups", "--backup-every", "1h", "--backup-keep", "2"];
  const server = await startBinary({ binary, cwd: dir, args });
  servers.push(server);
  await waitFor(() => server.output().includes("backups: every 1h"), { what: "the backups' start line" });
  expect(server.output()).toMatch(
    new RegExp(`backups: every 1h into ${backups}, keeping the 2 newest; next at \\d{4}-\\d\\d-\\d\\dT`),
  );
  const line = await waitFor(
    () => /backup: (\S+xrp-faucet-\d{8}-\d{6}\.db) \(\d+\.\d MB\) in \d+\.\d s/.exec(server.output()),
    { what: "the first backup", timeout: 15_000 },
  );
  const name = line[1]!.slice(backups.length + 1);
  expect(readdirSync(backups).sort()).toEqual(["secret.key", name]);
  for (const file of readdirSync(backups))
    expect({ file, mode: statSync(join(backups, file)).mode & 0o777 }).toEqual({ file, mode: 0o600 });
  expect(await server.stop()).toBe(0);

  const again = await startBinary({ binary, cwd: dir, args });
  servers.push(again);
  const next = await waitFor(() => /next at (\S+)/.exec(again.output())?.[1], { what: "the next backup's time" });
  const [, date, time] = /xrp-faucet-(\d{8})-(\d{6})\.db/.exec(name)!;
  const made = Date.UTC(
    +date!.slice(0, 4),
    +date!.slice(4, 6) - 1,
    +date!.slice(6),
    +time!.slice(0, 2),
    +time!.slice(2, 4),
    +time!.slice(4),
  );
  expect(Date.parse(next)).toBe(made + 3_600_000);
  expect(await again.stop()).toBe(0);
  expect(readdirSync(backups).sort()).toEqual(["secret.key", name]);
}, 40_000);
