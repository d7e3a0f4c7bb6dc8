// A test app on real HTTP (t.listen()) with three visitors: an admin ("boss") and a member, each
// signed in over it, and an anonymous one. For the admin features' tests over HTTP.
import { expect } from "bun:test";
import { httpClient } from "./client.ts";
import { testApp } from "./harness.ts";

const PASSWORD = "correct horse battery";

export async function signedInSite(options: Parameters<typeof testApp>[0] = {}) {
  const t = testApp(options);
  const url = t.listen();
  await t.registerAdmin("boss");
  await t.register("member");
  const admin = httpClient(url);
  expect((await admin.post("/api/login", { username: "boss", password: PASSWORD })).status).toBe(200);
  const member = httpClient(url);
  expect((await member.post("/api/login", { username: "member", password: PASSWORD })).status).toBe(200);
  return { t, url, admin, member, anonymous: httpClient(url) };
}
export type SignedInSite = Awaited<ReturnType<typeof signedInSite>>;

type Client = ReturnType<typeof httpClient>;

// The statuses each call answers the anonymous visitor and the member: [401, 403] for an admin's call.
export async function othersGet(s: SignedInSite, calls: ((client: Client) => Promise<{ status: number }>)[]) {
  const statuses: [number, number][] = [];
  for (const call of calls) statuses.push([(await call(s.anonymous)).status, (await call(s.member)).status]);
  return statuses;
}
export const ADMIN_ONLY: [number, number] = [401, 403];

// The smallest PNG (1x1), and bytes that only claim to be one.
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

// Uploads `bytes` as an image (POST /api/admin/uploads) through `client`.
export const upload = (client: Client, bytes: Uint8Array<ArrayBuffer>, type = "image/png") =>
  fetch(new URL("/api/admin/uploads", client.url), {
    method: "POST",
    headers: { "content-type": type, cookie: client.cookieHeader(), origin: client.url },
    body: bytes,
  });
