// `xrp-faucet --restore FILE` refuses what is not a whole xrp-faucet database this binary can run:
// exit 1, and the data directory untouched (nor made, when it was not there).
import { Database } from "bun:sqlite";
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readJournal } from "../../db/migrate.ts";
import { runBinary } from "../../testing/binary.ts";
import { backUp, binaryDirs, dataDirIn, listing } from "./restore-testing.ts";

// each test starts the binary at least once
setDefaultTimeout(30_000);

const { emptyDir } = binaryDirs();

describe("--restore refuses", () => {
  test("what is not a whole xrp-faucet database this binary can run: exit 1, the data directory untouched", async () => {
    const { dir, binary } = emptyDir();
    const data = dataDirIn(dir);
    const bad = join(dir, "bad");
    mkdirSync(bad);

    writeFileSync(join(bad, "notes.db"), "these are my notes, not a database\n".repeat(300));
    // a good backup with one page of its tables overwritten
    backUp(join(data, "app.db"), join(bad, "damaged.db"));
    const damaged = readFileSync(join(bad, "damaged.db"));
    damaged.fill(0x5a, 4096 * 3, 4096 * 5);
    writeFileSync(join(bad, "damaged.db"), damaged);
    // a backup from a later version: a migration this binary does not know
    backUp(join(data, "app.db"), join(bad, "newer.db"));
    const newest = readJournal().entries.at(-1)!.when;
    const newer = new Database(join(bad, "newer.db"));
    newer.run("insert into __drizzle_migrations (hash, created_at) values ('from-the-future', ?)", [
      newest + 86_400_000,
    ]);
    newer.close();
    // somebody else's SQLite database
    const other = new Database(join(bad, "other.db"));
    other.run("create table notes (text)");
    other.close();

    const live = readFileSync(join(data, "app.db"));
    const before = listing(data);
    expect(before).toEqual(["app.db"]);
    const cases: [string, string][] = [
      ["notes.db", "is not an SQLite database"],
      ["damaged.db", "is damaged"],
      [
        "newer.db",
        `was made by a newer xrp-faucet (its newest migration is of ${new Date(newest + 86_400_000).toISOString().replace(".000Z", "Z")}`,
      ],
      ["other.db", "is not an xrp-faucet database (it records no migration in __drizzle_migrations)"],
      ["missing.db", "is not a file"],
    ];
    for (const [file, reason] of cases) {
      const res = await runBinary(["--restore", join(bad, file)], { cwd: dir, binary });
      expect({ file, code: res.code, stdout: res.stdout }).toEqual({ file, code: 1, stdout: "" });
      expect(res.stderr).toStartWith(`xrp-faucet: restore refused, nothing changed: ${join(bad, file)} `);
      expect(res.stderr).toContain(reason);
      expect(listing(data)).toEqual(before);
      expect(readFileSync(join(data, "app.db")).equals(live)).toBe(true);
    }
    // nor is a data directory made for a refused restore
    const nowhere = await runBinary(["--restore", join(bad, "notes.db"), "--data-dir", join(dir, "new-data")], {
      cwd: dir,
      binary,
    });
    expect(nowhere.code).toBe(1);
    expect(existsSync(join(dir, "new-data"))).toBe(false);
  });
});
