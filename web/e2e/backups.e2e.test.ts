// The back office's backups screen in Chromium, on a site started with --backup-dir (and the sandbox
// ledger, whose admins have no two-factor sign-in: a download asks for the password, no code): the
// schedule, "Back up now" with its pending state and toast, the new backup listed with its size, its
// download after the password (an SQLite file, the bytes the server holds), a failed backup shown as an alert until one succeeds
// again (that one holding an uploaded image, shown beside its size), and the screen axe-clean at 1280
// and 375 px.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { sizeWords } from "../src/features/backups/backup-words.ts";
import { ADMIN, gone, logInAsAdmin, PNG_1X1, seen, type Site, startSite, toasts, until } from "./support.ts";

let site: Site;
let root = "";
let backupDir = "";
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "xrp-faucet-backups-e2e-"));
  backupDir = join(root, "backups");
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0", "--backup-dir", backupDir] });
}, 60_000);
afterAll(async () => {
  await site?.close();
  rmSync(root, { recursive: true, force: true });
}, 60_000);

interface Backup {
  name: string;
  sizeBytes: number;
  createdAt: string;
}
interface Status {
  enabled: boolean;
  running: boolean;
  lastSuccessAt: string | null;
  lastFailure: { at: string; message: string } | null;
  backups: Backup[];
}

// The value beside a label in the screen's figures (<dt>label</dt><dd>value</dd>).
const figureOf = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
const statusOf = (page: Page): Promise<Status> => page.evaluate(async () => (await fetch("/api/admin/backups")).json());
const noBackupRunning = (page: Page) => until(async () => !(await statusOf(page)).running, "no backup to be running");

async function axe(page: Page): Promise<string[]> {
  await gone(page.getByText("Loading...", { exact: true }));
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function backupsPage(width: number): Promise<Page> {
  const { page } = await site.newPage({ width, height: 900 });
  await logInAsAdmin(page);
  await page.goto("/admin/backups");
  await seen(page.getByRole("heading", { name: "Backups", exact: true }));
  return page;
}

// Presses "Back up now", holding the real POST until the pending state has been seen; returns the
// server's answer.
async function backUpNow(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/backups", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/admin/backups") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Back up now" }).click();
  const pending = page.getByRole("button", { name: "Backing up..." });
  await seen(pending);
  expect(await pending.isDisabled()).toBe(true);
  await seen(page.getByRole("status").filter({ hasText: "A backup is being made now" }));
  release();
  const response = await answer;
  // (the route stays, passing everything on: removed while the screen's reread after the answer
  // was paused at it, that reread could be lost, and the list never refreshed)
  return { status: response.status(), body: await response.json() };
}

const rowOf = (page: Page, name: string): Locator => page.getByRole("table", { name: "Backup files" }).getByRole("row").filter({ hasText: name });

test("the schedule; Back up now lists the backup with its size; it downloads as the database's SQLite file; axe-clean at 1280 px", async () => {
  const page = await backupsPage(1280);
  expect(await figureOf(page, "Schedule").textContent()).toBe("A backup every 6 hours");
  expect(await figureOf(page, "Kept").textContent()).toBe("The 14 newest (older ones are removed)");
  expect(await figureOf(page, "Directory").textContent()).toBe(backupDir);
  // (the schedule's first backup begins 5 s after the start: it may be under way or made already)
  await noBackupRunning(page);

  const made = await backUpNow(page);
  expect(made.status).toBe(201);
  const file = made.body as unknown as Backup;
  expect(file.name).toMatch(/^xrp-faucet-\d{8}-\d{6}(-\d+)?\.db$/);
  expect(file.sizeBytes).toBeGreaterThan(4096);
  await seen(toasts(page).getByText("Backup made"));
  await seen(toasts(page).getByText(`${file.name} (${sizeWords(file.sizeBytes)})`));
  await seen(page.getByRole("button", { name: "Back up now" }));

  // listed first, with its size and time, and the figures moved
  const row = rowOf(page, file.name);
  await seen(row);
  expect(await row.getByRole("cell").nth(2).textContent()).toBe(sizeWords(file.sizeBytes));
  expect(await row.getByText("Newest").count()).toBe(1);
  const firstRow = page.getByRole("table", { name: "Backup files" }).getByRole("row").nth(1);
  expect(await firstRow.textContent()).toContain(file.name);
  const status = await statusOf(page);
  expect(status.backups[0]?.name).toBe(file.name);
  await seen(page.getByRole("heading", { name: `Backup files (${status.backups.length})` }));
  expect(await figureOf(page, "Last success").textContent()).not.toBe("None yet");
  expect(await figureOf(page, "Last failure").textContent()).toBe("None");
  expect(await figureOf(page, "secret.key").textContent()).toContain("Copied");
  expect(await figureOf(page, "Next run").textContent()).toMatch(/\(in 6 hours\)$/);

  // the download: confirmed with the password (a wrong one is said under the field), then the same
  // bytes as the file in the backup directory, an SQLite database
  await row.getByRole("button", { name: `Download ${file.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Download this backup?" });
  await seen(dialog);
  await dialog.getByLabel("Your password").fill("not the password");
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  await seen(dialog.getByText("Your current password is not correct"));
  await dialog.getByLabel("Your password").fill(ADMIN.password);
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download", exact: true }).click()]);
  await gone(dialog);
  expect(download.suggestedFilename()).toBe(file.name);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
  expect(bytes.length).toBe(file.sizeBytes);
  expect(bytes.equals(readFileSync(join(backupDir, file.name)))).toBe(true);
  await seen(toasts(page).getByText("Backup downloaded"));
  const audit = await page.evaluate(async () => (await fetch("/api/admin/audit-log")).json());
  expect(audit.entries.some((e: { action: string; targetId: string | null }) => e.action === "backup.download" && e.targetId === file.name)).toBe(true);

  expect(await axe(page)).toEqual([]);
}, 90_000);

test("a download refused for want of a fresh code: the step-up dialog asks over the download's, and the download goes on", async () => {
  // (the sandbox's admin has no two-factor sign-in: its POST is answered as a server answers an admin
  // with it whose last code is over 5 minutes old, once; the step-up dialog then asks this admin for
  // the password, as it does for whoever has no code to give)
  const page = await backupsPage(1280);
  await noBackupRunning(page);
  const { backups } = await statusOf(page);
  const newest = backups[0]!;
  let refused = 0;
  await page.route("**/api/admin/backups/*/download", async (route) => {
    if (refused++ > 0) return route.continue();
    await route.fulfill({ status: 403, headers: { "content-type": "application/json", "x-error-code": "STEP_UP_REQUIRED" }, body: JSON.stringify({ message: "Enter a code from your authenticator app to confirm this." }) });
  });
  await rowOf(page, newest.name).getByRole("button", { name: `Download ${newest.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Download this backup?" });
  await dialog.getByLabel("Your password").fill(ADMIN.password);
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm with your password" });
  await seen(stepUp);
  const field = stepUp.getByLabel("Your password");
  expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await axe(page)).toEqual([]);
  await field.fill(ADMIN.password);
  const [download] = await Promise.all([page.waitForEvent("download"), stepUp.getByRole("button", { name: "Confirm" }).click()]);
  await gone(stepUp);
  await gone(dialog);
  expect(download.suggestedFilename()).toBe(newest.name);
  expect(readFileSync(await download.path()).equals(readFileSync(join(backupDir, newest.name)))).toBe(true);
  expect(refused).toBe(2);
}, 90_000);

test("a failed backup is an alert with its message until one succeeds again", async () => {
  const page = await backupsPage(1280);
  await noBackupRunning(page);
  // the backup directory becomes a file: the server cannot write there
  const aside = join(root, "backups-aside");
  renameSync(backupDir, aside);
  writeFileSync(backupDir, "not a directory");
  try {
    const failed = await backUpNow(page);
    expect(failed.status).toBe(500);
    expect(String(failed.body.message)).toStartWith("The backup failed: ");
    await seen(toasts(page).getByText("Backup failed"));
    const alert = page.getByRole("alert").filter({ hasText: "The last backup failed" });
    await seen(alert);
    const { lastFailure } = await statusOf(page);
    expect(lastFailure).not.toBeNull();
    expect(await alert.textContent()).toContain(lastFailure!.message);
    expect(await figureOf(page, "Last failure").textContent()).toContain(lastFailure!.message);
    expect(await axe(page)).toEqual([]);
  } finally {
    rmSync(backupDir, { force: true });
    renameSync(aside, backupDir);
  }
  // (with an image uploaded first: the backup holds it, and its row says so beside the database's size)
  const png = PNG_1X1.toString("base64");
  const uploaded = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return (await fetch("/api/admin/uploads", { method: "POST", headers: { "content-type": "image/png" }, body: bytes })).status;
  }, png);
  expect(uploaded).toBe(201);
  const made = await backUpNow(page);
  expect(made.status).toBe(201);
  expect(made.body.uploads).toEqual({ files: 1, sizeBytes: 68 });
  await gone(page.getByRole("alert").filter({ hasText: "The last backup failed" }));
  expect(await figureOf(page, "Last failure").textContent()).toContain("A backup has succeeded since.");
  const row = rowOf(page, String(made.body.name));
  await seen(row.getByText(`+ 1 uploaded image, ${sizeWords(68)}`));
  expect(await axe(page)).toEqual([]);
}, 90_000);

test("at 375 px: each backup a card with its size and download, no sideways scrolling, axe-clean", async () => {
  const page = await backupsPage(375);
  await noBackupRunning(page);
  const { backups } = await statusOf(page);
  expect(backups.length).toBeGreaterThan(0);
  const newest = backups[0]!;
  await seen(page.getByText(newest.name));
  await seen(page.getByRole("button", { name: `Download ${newest.name}` }));
  await seen(page.getByText(sizeWords(newest.sizeBytes)));
  await seen(page.getByRole("button", { name: "Back up now" }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axe(page)).toEqual([]);
}, 90_000);
