// The admin's image uploads over real HTTP: the error codes docs/api.md gives (X-Error-Code), however
// the refusal is reached (the Content-Type, the bytes, a declared or a streamed size); the quota of
// images and bytes (a flood of uploads at once cannot pass it); the list with what is used and where
// each image is used; deleting an image nothing uses, and the 409 for one in use.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { HttpClient as Client } from "../../testing/client.ts";
import { ADMIN_ONLY, othersGet, PNG_1X1, type SignedInSite, signedInSite, upload } from "../../testing/signed-in.ts";
import { MAX_UPLOAD_BYTES } from "./model.ts";

let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

const answer = async (res: Response) => ({
  status: res.status,
  code: res.headers.get("x-error-code"),
  type: res.headers.get("content-type"),
  json: await res.json(),
});
const NOT_AN_IMAGE = {
  status: 415,
  code: "NOT_AN_IMAGE",
  type: expect.stringContaining("application/json"),
  json: { message: "Upload a PNG, JPEG or WebP image" },
};
const TOO_LARGE = {
  status: 413,
  code: "UPLOAD_TOO_LARGE",
  type: expect.stringContaining("application/json"),
  json: { message: "The image is too large (at most 2 MiB)" },
};

describe("what an upload refuses answers the codes docs/api.md gives", () => {
  test("a Content-Type that is no PNG, JPEG or WebP (SVG, JSON, none): 415 NOT_AN_IMAGE", async () => {
    for (const type of ["image/svg+xml", "application/json", "text/plain"])
      expect(await answer(await upload(s.admin, PNG_1X1, type))).toEqual(NOT_AN_IMAGE);
    const untyped = await fetch(new URL("/api/admin/uploads", s.url), {
      method: "POST",
      headers: { cookie: s.admin.cookieHeader(), origin: s.url },
      body: PNG_1X1,
    });
    expect(await answer(untyped)).toEqual(NOT_AN_IMAGE);
  });

  test("bytes that are no image under an image's type: 415 NOT_AN_IMAGE", async () => {
    expect(await answer(await upload(s.admin, new TextEncoder().encode("<svg onload=alert(1)>"), "image/png"))).toEqual(
      NOT_AN_IMAGE,
    );
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

// An image of `bytes` bytes: a PNG's signature, then zeros (what an upload checks of its type).
const imageOf = (bytes: number) => {
  const image = new Uint8Array(bytes);
  image.set(PNG_1X1.subarray(0, 8));
  return image;
};
const MiB = 1024 * 1024;
const urlOf = async (res: Response) => ((await res.json()) as { url: string }).url;

describe("a quota of images and bytes", () => {
  test("a fresh install's: 500 images, 256 MiB, and what is used, on the admin's list", async () => {
    const list = await s.admin.get("/api/admin/uploads");
    expect(list.status).toBe(200);
    expect(list.json.quota).toEqual({ files: 0, maxFiles: 500, bytes: 0, maxBytes: 256 * MiB });
    const url = await urlOf(await upload(s.admin, PNG_1X1));
    const after = await s.admin.get("/api/admin/uploads");
    expect(after.json.quota).toEqual({ files: 1, maxFiles: 500, bytes: PNG_1X1.length, maxBytes: 256 * MiB });
    expect(after.json.images).toEqual([
      {
        name: url.slice("/uploads/".length),
        url,
        sizeBytes: PNG_1X1.length,
        createdAt: expect.any(String),
        usedBy: [],
      },
    ]);
  });

  test("a flood of 2 MiB images at once (the pentest's 100 in 1.2 s): what fits the bytes lands, the rest get 409 UPLOAD_QUOTA_BYTES", async () => {
    const small = await signedInSite({ uploadQuota: { files: 100, bytes: 5 * MiB } });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => upload(small.admin, imageOf(2 * MiB))));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      const refused = answers.filter((a) => a.status !== 201);
      expect(new Set(refused.map((a) => [a.status, a.headers.get("x-error-code")].join(" ")))).toEqual(
        new Set(["409 UPLOAD_QUOTA_BYTES"]),
      );
      expect(((await refused[0]!.json()) as { message: string }).message).toBe(
        "This image (2.0 MiB) does not fit: the images use 4.0 MiB of the 5.0 MiB they may. Delete images no post, ad or logo uses (Images, /admin/uploads) to make room.",
      );
      expect((await small.admin.get("/api/admin/uploads")).json.quota).toEqual({
        files: 2,
        maxFiles: 100,
        bytes: 4 * MiB,
        maxBytes: 5 * MiB,
      });
      // a smaller one still fits
      expect((await upload(small.admin, imageOf(MiB))).status).toBe(201);
    } finally {
      await small.t.close();
    }
  });

  test("past the number of images: 409 UPLOAD_QUOTA_FILES; a delete makes room", async () => {
    const small = await signedInSite({ uploadQuota: { files: 3, bytes: 5 * MiB } });
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => upload(small.admin, PNG_1X1)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.headers.get("x-error-code")).toBe("UPLOAD_QUOTA_FILES");
      expect(((await refused.json()) as { message: string }).message).toBe(
        "There are 3 images, the most this site keeps. Delete images no post, ad or logo uses (Images, /admin/uploads) to make room.",
      );
      const first = await urlOf(answers.find((a) => a.status === 201)!);
      expect((await small.admin.request("DELETE", `/api/admin${first}`)).status).toBe(204);
      expect((await small.admin.get("/api/admin/uploads")).json.quota).toEqual({
        files: 2,
        maxFiles: 3,
        bytes: 2 * PNG_1X1.length,
        maxBytes: 5 * MiB,
      });
      expect((await upload(small.admin, PNG_1X1)).status).toBe(201);
    } finally {
      await small.t.close();
    }
  });
});

describe("deleting an image", () => {
  test("one nothing uses is deleted: gone from the folder, the list and /uploads/; the audit log says so", async () => {
    const url = await urlOf(await upload(s.admin, PNG_1X1));
    const name = url.slice("/uploads/".length);
    const before = (await s.admin.get("/api/admin/uploads")).json.quota;
    expect((await s.admin.request("DELETE", `/api/admin/uploads/${name}`)).status).toBe(204);
    expect(existsSync(join(s.t.db.sqlite.filename, "..", url))).toBe(false);
    expect((await fetch(new URL(url, s.url))).status).toBe(404);
    const after = await s.admin.get("/api/admin/uploads");
    expect(after.json.images.map((i: { url: string }) => i.url)).not.toContain(url);
    expect(after.json.quota).toEqual({ ...before, files: before.files - 1, bytes: before.bytes - PNG_1X1.length });
    const audit = await s.admin.get("/api/admin/audit-log?action=upload.delete");
    expect(
      audit.json.entries.map((e: { actionText: string; targetId: string; actorName: string }) => [
        e.actionText,
        e.targetId,
        e.actorName,
      ]),
    ).toEqual([["Deleted an image", name, "boss"]]);
    // once: a second delete finds nothing
    const again = await s.admin.request("DELETE", `/api/admin/uploads/${name}`);
    expect([again.status, again.headers.get("x-error-code")]).toEqual([404, "UPLOAD_NOT_FOUND"]);
  });

  test("one a post, an ad or the logo uses is refused with 409 UPLOAD_IN_USE naming where; the list says the same", async () => {
    const [featured, inText, ad, logo] = await Promise.all(
      [0, 1, 2, 3].map(async () => urlOf(await upload(s.admin, PNG_1X1))),
    );
    const post = await s.admin.post("/api/admin/posts", {
      title: "Our banner",
      body: `Look: ![banner](${inText})`,
      featuredImage: featured,
      status: "draft",
    });
    expect(post.status).toBe(201);
    const other = await s.admin.post("/api/admin/posts", {
      title: "Again",
      body: `![again](${featured})`,
      status: "published",
    });
    expect(other.status).toBe(201);
    expect(
      (
        await s.admin.request("PUT", "/api/admin/ads/leaderboard", {
          body: { imageUrl: ad, linkUrl: "https://advertiser.example/offer", alt: "An offer" },
        })
      ).status,
    ).toBe(200);
    expect((await s.admin.request("PUT", "/api/admin/site", { body: { logoUrl: logo } })).status).toBe(200);

    const cases: [string, string][] = [
      [
        featured,
        'This image is in use: the post "Our banner" (its featured image); the post "Again" (in its text). Take it out there first, then delete it.',
      ],
      [inText, 'This image is in use: the post "Our banner" (in its text). Take it out there first, then delete it.'],
      [
        ad,
        "This image is in use: the ad in the slot Leaderboard, above posts (728x90). Take it out there first, then delete it.",
      ],
      [logo, "This image is in use: the site's logo. Take it out there first, then delete it."],
    ];
    for (const [url, message] of cases) {
      const res = await s.admin.request("DELETE", `/api/admin${url}`);
      expect([res.status, res.headers.get("x-error-code"), res.json.message]).toEqual([409, "UPLOAD_IN_USE", message]);
      expect((await fetch(new URL(url, s.url))).status).toBe(200);
    }
    const listed = new Map(
      (await s.admin.get("/api/admin/uploads")).json.images.map((i: { url: string; usedBy: unknown }) => [
        i.url,
        i.usedBy,
      ]),
    );
    expect(listed.get(featured)).toEqual([
      { kind: "post", id: post.json.id, text: 'the post "Our banner" (its featured image)' },
      { kind: "post", id: other.json.id, text: 'the post "Again" (in its text)' },
    ]);
    expect(listed.get(ad)).toEqual([
      { kind: "ad", id: "leaderboard", text: "the ad in the slot Leaderboard, above posts (728x90)" },
    ]);
    expect(listed.get(logo)).toEqual([{ kind: "logo", id: null, text: "the site's logo" }]);

    // taken out of the post, the image can go
    expect(
      (await s.admin.request("PATCH", `/api/admin/posts/${post.json.id}`, { body: { body: "No picture now." } }))
        .status,
    ).toBe(200);
    expect((await s.admin.request("DELETE", `/api/admin${inText}`)).status).toBe(204);
  });

  test("a name of another shape, or unknown: 404; only admins list and delete", async () => {
    for (const name of ["..%2Fapp.db", `${"0".repeat(32)}.png`, "secret.key"]) {
      const res = await s.admin.request("DELETE", `/api/admin/uploads/${name}`);
      expect([name, res.status]).toEqual([name, 404]);
    }
    expect(existsSync(s.t.db.sqlite.filename)).toBe(true);
    const url = await urlOf(await upload(s.admin, PNG_1X1));
    const calls = [(c: Client) => c.get("/api/admin/uploads"), (c: Client) => c.request("DELETE", `/api/admin${url}`)];
    expect(await othersGet(s, calls)).toEqual(calls.map(() => ADMIN_ONLY));
    expect((await fetch(new URL(url, s.url))).status).toBe(200);
  });
});
