// A bench run's record: a dated Markdown file under bench/results/ (YYYY-MM-DD-name.md) with the
// command, the commit and what the run printed. docs/decisions.md links to these files instead of
// quoting figures, so a decision keeps its reason and the measurement keeps its date and build.
// BENCH_RECORD=0 runs a bench without writing one (a trial run, a loop of runs).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { format } from "node:util";

export const RESULTS_DIR = `${import.meta.dir}/results`;
const ROOT = `${import.meta.dir}/..`;

export interface RecordContent {
  /** How to run it again; the command that ran this bench when left out. */
  command?: string;
  /** The build measured; HEAD (and whether the tree had uncommitted changes) when left out. */
  commit?: string;
  /** What the run printed: its final table and the lines around it. */
  lines: string[];
}

export interface RecordPlace {
  dir?: string;
  now?: Date;
}

/** Writes the record and returns its path, or null when BENCH_RECORD=0. */
export function writeRecord(name: string, content: RecordContent, place: RecordPlace = {}): string | null {
  if (process.env.BENCH_RECORD === "0") return null;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name))
    throw new Error(`a record's name is lower-case words and dashes: ${name}`);
  const now = place.now ?? new Date();
  const dir = place.dir ?? RESULTS_DIR;
  mkdirSync(dir, { recursive: true });
  const day = now.toISOString().slice(0, 10);
  // a second run on the same day gets its own file: a before and an after are both kept
  let path = `${dir}/${day}-${name}.md`;
  for (let n = 2; existsSync(path); n++) path = `${dir}/${day}-${name}-${n}.md`;
  const text = [
    `# ${name}`,
    "",
    `- Date: ${now.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- Commit: ${content.commit ?? currentCommit()}`,
    `- Command: \`${content.command ?? benchCommand()}\``,
    `- Machine: ${navigator.hardwareConcurrency} cores, Bun ${Bun.version}`,
    "",
    "## Output",
    "",
    "```text",
    ...content.lines.map((line) => line.replaceAll("```", "'''")),
    "```",
    "",
  ].join("\n");
  writeFileSync(path, text);
  return path;
}

/** The command line that started this process, with the BENCH_* settings it ran under. */
export function benchCommand(argv = process.argv, env: Record<string, string | undefined> = process.env): string {
  const settings = Object.entries(env)
    .filter(([key, value]) => key.startsWith("BENCH_") && key !== "BENCH_RECORD" && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`);
  const script = argv[1] ? relative(ROOT, argv[1]) : "";
  return [...settings, "bun", script, ...argv.slice(2)].filter(Boolean).join(" ");
}

/** HEAD's short hash, saying when the working tree differs from it (the build measured is not HEAD). */
export function currentCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
    const head = git("rev-parse", "--short=12", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") ? `${head} with uncommitted changes` : head;
  } catch {
    return "unknown (not a git checkout)";
  }
}

/**
 * Keeps a copy of what console.log prints from now on, still printing it: a bench starts this where
 * its final report begins and hands `stop()` to writeRecord.
 */
export function captureOutput(): { stop(): string[] } {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(...format(...args).split("\n"));
    log(...args);
  };
  return {
    stop() {
      console.log = log;
      return lines;
    },
  };
}
