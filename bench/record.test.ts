// A bench's record: the dated file under bench/results/ that docs/decisions.md links to.
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchCommand, captureOutput, currentCommit, writeRecord } from "./record.ts";

const dir = mkdtempSync(join(tmpdir(), "bench-record-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.BENCH_RECORD;
});
const now = new Date("2026-11-30T14:05:00Z");

describe("writeRecord", () => {
  test("writes YYYY-MM-DD-name.md with the command, the commit and the lines", () => {
    const path = writeRecord(
      "flood",
      { command: "bun bench/flood.ts", commit: "113a58d", lines: ["rows  measure", "1k    accepted  0.91x"] },
      { dir, now },
    );
    expect(path).toBe(join(dir, "2026-11-30-flood.md"));
    const text = readFileSync(path!, "utf8");
    expect(text).toStartWith("# flood\n");
    expect(text).toContain("- Date: 2026-11-30 14:05 UTC\n");
    expect(text).toContain("- Commit: 113a58d\n");
    expect(text).toContain("- Command: `bun bench/flood.ts`\n");
    expect(text).toContain("```text\nrows  measure\n1k    accepted  0.91x\n```\n");
  });

  test("a second run on the same day gets its own file, the first kept", () => {
    const first = writeRecord("pair", { command: "a", commit: "c", lines: ["before"] }, { dir, now });
    const second = writeRecord("pair", { command: "a", commit: "c", lines: ["after"] }, { dir, now });
    expect(first).toBe(join(dir, "2026-11-30-pair.md"));
    expect(second).toBe(join(dir, "2026-11-30-pair-2.md"));
    expect(readFileSync(first!, "utf8")).toContain("before");
    expect(readFileSync(second!, "utf8")).toContain("after");
  });

  test("without a command or a commit, the running one and HEAD are written", () => {
    const text = readFileSync(writeRecord("defaults", { lines: [] }, { dir, now })!, "utf8");
    expect(text).toContain(`- Commit: ${currentCommit()}\n`);
    expect(text).toMatch(/- Command: `.*bun .+`\n/);
  });

  test("a fence in the output cannot end the record's block", () => {
    const text = readFileSync(
      writeRecord("fence", { command: "c", commit: "c", lines: ["```"] }, { dir, now })!,
      "utf8",
    );
    expect(text.match(/```/g)).toHaveLength(2);
  });

  test("BENCH_RECORD=0 writes nothing", () => {
    process.env.BENCH_RECORD = "0";
    const before = readdirSync(dir).length;
    expect(writeRecord("skipped", { lines: ["x"] }, { dir, now })).toBeNull();
    expect(readdirSync(dir)).toHaveLength(before);
  });

  test("a name that is not lower-case words and dashes is refused", () => {
    expect(() => writeRecord("../flood", { lines: [] }, { dir, now })).toThrow();
    expect(() => writeRecord("Flood Bench", { lines: [] }, { dir, now })).toThrow();
  });
});

test("benchCommand gives the script, its flags and the BENCH_* settings", () => {
  const argv = ["/usr/bin/bun", join(import.meta.dir, "pair.ts"), "--load", "flood"];
  const env = { BENCH_FLOOD_SECONDS: "5", BENCH_RECORD: "1", HOME: "/root" };
  expect(benchCommand(argv, env)).toBe("BENCH_FLOOD_SECONDS=5 bun bench/pair.ts --load flood");
});

test("captureOutput keeps what console.log prints, and stop() gives the console back", () => {
  const log = console.log;
  const printed: unknown[][] = [];
  console.log = (...args: unknown[]) => printed.push(args);
  try {
    const capture = captureOutput();
    console.log("a table:\nrow 1");
    console.log("ratio %s", "0.9x");
    expect(capture.stop()).toEqual(["a table:", "row 1", "ratio 0.9x"]);
    console.log("after");
    expect(printed).toEqual([["a table:\nrow 1"], ["ratio %s", "0.9x"], ["after"]]);
  } finally {
    console.log = log;
  }
});
