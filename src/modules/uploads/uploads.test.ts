// The admin's image uploads over real HTTP: the error codes docs/api.md gives (X-Error-Code), however
// the refusal is reached (the Content-Type, the bytes, a declared or a streamed size).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MAX_UPLOAD_BYTES } from "./model.ts";
import { PNG_1X1, type SignedInSite, signedInSite, upload } from "../../testing/signed-in.ts";

let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

const answer = async (res: Response) => ({ status: res.status, code: res.headers.get("x-error-code"), type: res.headers.get("content-type"), json: await res.json() });
const NOT_AN_IMAGE = { status: 415, code: "NOT_AN_IMAGE", type: expect.stringContaining("application/json"), json: { message: "Upload a PNG, JPEG or WebP image" } };
const TOO_LARGE = { status: 413, code: "UPLOAD_TOO_LARGE", type: expect.stringContaining("application/json"), json: { message: "The image is too large (at most 2 MiB)" } };

describe("what an upload refuses answers the codes docs/api.md gives", () => {
  test("a Content-Type that is no PNG, JPEG or WebP (SVG, JSON, none): 415 NOT_AN_IMAGE", async () => {
    for (const type of ["image/svg+xml", "application/json", "text/plain"]) expect(await answer(await upload(s.admin, PNG_1X1, type))).toEqual(NOT_AN_IMAGE);
    const untyped = await fetch(new URL("/api/admin/uploads", s.url), { method: "POST", headers: { cookie: s.admin.cookieHeader(), origin: s.url }, body: PNG_1X1 });
    expect(await answer(untyped)).toEqual(NOT_AN_IMAGE);
  });

  test("bytes that are no image under an image's type: 415 NOT_AN_IMAGE", async () => {
    expect(await answer(await upload(s.admin, new TextEncoder().encode("<svg onload=alert(1)>"), "image/png"))).toEqual(NOT_AN_IMAGE);
  });

  test("over 2 MiB, declared (Content-Length) or streamed (chunked): 413 UPLOAD_TOO_LARGE", async () => {
    expect(await answer(await upload(s.admin, new Uint8Array(MAX_UPLOAD_BYTES + 1)))).toEqual(TOO_LARGE);
    const chunk = new Uint8Array(256 * 1024);
    chunk.set(PNG_1X1.subarray(0, 8));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 9) return controller.close();
        controller.enqueue(chunk);
      },
    });
    const streamed = await fetch(new URL("/api/admin/uploads", s.url), {
      method: "POST",
      headers: { "content-type": "image/png", cookie: s.admin.cookieHeader(), origin: s.url },
      body,
      duplex: "half",
    } as RequestInit);
    expect(streamed.headers.get("content-length")).not.toBe("0");
    expect(await answer(streamed)).toEqual(TOO_LARGE);
  });
});
