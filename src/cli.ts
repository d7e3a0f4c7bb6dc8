// The command-line parts that are not serving: reading the admin password and seeding the admin.
import type { Db } from "./db/client.ts";
import { seedAdminAccount } from "./modules/account/service.ts";
import { issueSetupCode, resetTwoFactor } from "./modules/two-factor/service.ts";
import { plural } from "./shared/words.ts";

// ADMIN_PASSWORD, else the first line of standard input. Never a command-line argument.
export async function readAdminPassword(env: Record<string, string | undefined>): Promise<string | null> {
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD !== "") return env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write("Admin password (input is visible): ");
  const reader = Bun.stdin.stream().getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.length > 4096) break;
  }
  reader.releaseLock();
  const line = text.split(/\r?\n/)[0] ?? "";
  return line === "" ? null : line;
}

// --seed-admin: creates the admin or resets an existing account to admin, ending its sessions, and
// prints the one-time code of the admin's first two-factor setup (a server paying real XRP asks for
// it: the password alone does not make an admin there). Only its hash is stored; it is never logged.
export async function seedAdmin(
  db: Db,
  input: { username: string; email: string | null; password: string | null },
  clock: () => number = Date.now,
): Promise<string> {
  if (input.password === null) {
    throw new Error("no password given: set ADMIN_PASSWORD or write the password as the first line of standard input");
  }
  const result = await seedAdminAccount(
    { db, clock },
    { username: input.username, email: input.email, password: input.password },
  );
  const setupCode = () =>
    `Two-factor setup code for '${result.user.username}': ${issueSetupCode(db, result.user.id, clock())} (works once, within 24 hours: a server paying real XRP asks for it when '${result.user.username}' first sets up two-factor sign-in; run --seed-admin again for a new one).`;
  if (result.action === "created")
    return `Created admin '${result.user.username}' (${result.user.email}).\n${setupCode()}`;
  const ended = db.sqlite.run("delete from sessions where user_id = ?", [result.user.id]).changes;
  // the operator's way back in for an admin who lost their phone and recovery codes
  const secondFactor = resetTwoFactor(db, result.user.id)
    ? "; two-factor sign-in reset (set it up again at the next login)"
    : "";
  return `Updated '${result.user.username}': now an admin with a new password; ended ${plural(ended, "session")}${secondFactor}.\n${setupCode()}`;
}
