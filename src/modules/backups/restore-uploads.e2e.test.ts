// Each backup carries the images uploaded until then, and a restore puts back the ones it lists: the
// site serves the same bytes, an image already there is kept, and a missing one is reported.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runBinary, startBinary } from "../../testing/binary.ts";
import { httpClient } from "../../testing/client.ts";
import { PNG_1X1, upload } from "../../testing/signed-in.ts";
import { backUp, binaryDirs, dataDirIn, listing, reviewsIn } from "./restore-testing.ts";

// each test starts the binary at least once
setDefaultTimeout(30_000);

const { servers, emptyDir } = binaryDirs();

describe("uploaded images", () => {
  test("each backup carries the images uploaded until then (copied once into the backup directory's uploads/); a restore on a new machine puts them back and the site serves the same bytes", async () => {
    const { dir, binary } = emptyDir();
    const admin = { username: "keeper", password: "the uploads' admin passphrase 9" };
    expect(
      (await runBinary(["--seed-admin", admin.username], { cwd: dir, binary, env: { ADMIN_PASSWORD: admin.password } }))
        .code,
    ).toBe(0);
    const backups = join(dir, "backups");
    const server = await startBinary({ binary, cwd: dir, args: ["--backup-dir", backups, "--backup-every", "1d"] });
    servers.push(server);
    const client = httpClient(server.url);
    expect((await client.post("/api/login", admin)).status).toBe(200);

    // the logo, then a backup
    const logo = await upload(client, PNG_1X1);
    expect(logo.status).toBe(201);
    const { url: logoUrl } = (await logo.json()) as { url: string };
    expect((await client.request("PUT", "/api/admin/site", { body: { name: "Drops by Ada", logoUrl } })).status).toBe(
      200,
    );
    const first = await client.post("/api/admin/backups");
    expect(first.status).toBe(201);
    expect(first.json.uploads).toEqual({ files: 1, sizeBytes: PNG_1X1.length });
    const logoName = logoUrl.slice("/uploads/".length);
    const copied = statSync(join(backups, "uploads", logoName));

    // a post's image (another PNG's bytes), then another backup: only the new image is copied
    const imageBytes = Buffer.concat([PNG_1X1, Buffer.from("a second image")]);
    const image = await upload(client, imageBytes);
    const { url: imageUrl } = (await image.json()) as { url: string };
    const second = await client.post("/api/admin/backups");
    expect(second.status).toBe(201);
    expect(second.json.uploads).toEqual({ files: 2, sizeBytes: PNG_1X1.length + imageBytes.length });
    expect(statSync(join(backups, "uploads", logoName)).mtimeMs).toBe(copied.mtimeMs);
    expect(listing(join(backups, "uploads"))).toEqual([logoName, imageUrl.slice("/uploads/".length)].sort());
    const listed = (await client.get("/api/admin/backups")).json.backups as { name: string; uploads: unknown }[];
    expect(listed.map((b) => [b.name, b.uploads])).toEqual([
      [second.json.name, { files: 2, sizeBytes: PNG_1X1.length + imageBytes.length }],
      [first.json.name, { files: 1, sizeBytes: PNG_1X1.length }],
    ]);
    expect(await server.stop()).toBe(0);

    // a new machine: only the backup directory came along
    const restored = await runBinary(["--restore", join(backups, second.json.name), "--data-dir", "new-machine"], {
      cwd: dir,
      binary,
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(
      `Copied 2 uploaded images from ${join(backups, "uploads")} to ${join(dir, "new-machine/uploads")}.`,
    );
    const next = await startBinary({ binary, cwd: dir, args: ["--data-dir", "new-machine"] });
    servers.push(next);
    const visitor = httpClient(next.url);
    expect((await visitor.get("/api/site")).json.logoUrl).toBe(logoUrl);
    for (const [url, bytes] of [
      [logoUrl, PNG_1X1],
      [imageUrl, imageBytes],
    ] as const) {
      const res = await fetch(new URL(url, next.url));
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    await next.stop();

    // the older backup into the first data directory, its images gone: only the image it lists comes back
    rmSync(join(dir, "data/uploads"), { recursive: true });
    rmSync(join(dir, "new-machine"), { recursive: true });
    const older = await runBinary(["--restore", join(backups, first.json.name)], { cwd: dir, binary });
    expect(older.stderr).toBe("");
    expect(older.stdout).toContain(
      `Copied 1 uploaded image from ${join(backups, "uploads")} to ${join(dir, "data/uploads")}.`,
    );
    expect(listing(join(dir, "data/uploads"))).toEqual([logoName]);
    expect(readFileSync(join(dir, "data/uploads", logoName)).equals(PNG_1X1)).toBe(true);

    // a copy by hand (--backup FILE) carries them too, beside the file
    mkdirSync(join(dir, "by-hand"));
    const byHand = await runBinary(["--backup", "by-hand/copy.db"], { cwd: dir, binary });
    expect(byHand.code).toBe(0);
    expect(byHand.stdout).toContain(
      `Its 1 uploaded image is in ${join(dir, "by-hand/uploads")} (1 copied now), listed in ${join(dir, "by-hand/copy.db")}.uploads`,
    );
    expect(listing(join(dir, "by-hand/uploads"))).toEqual([logoName]);
    expect(readFileSync(join(dir, "by-hand/copy.db.uploads"), "utf8")).toBe(`${logoName} ${PNG_1X1.length}\n`);
  });

  test("an image already in the data directory is kept; one the list names but the backup directory lacks is reported, and the database is restored all the same", async () => {
    const { dir, binary } = emptyDir();
    const data = dataDirIn(dir, "live");
    const backups = join(dir, "backups");
    mkdirSync(join(backups, "uploads"), { recursive: true });
    const other = join(dir, "other");
    mkdirSync(other);
    backUp(join(dataDirIn(other, "in the backup"), "app.db"), join(backups, "xrp-faucet-20260115-120000.db"));
    const [kept, copied, lost] = ["a", "b", "c"].map((c) => `${c.repeat(32)}.png`) as [string, string, string];
    writeFileSync(join(backups, "xrp-faucet-20260115-120000.db.uploads"), `${kept} 68\n${copied} 68\n${lost} 68\n`);
    for (const name of [kept, copied]) writeFileSync(join(backups, "uploads", name), PNG_1X1);
    mkdirSync(join(data, "uploads"));
    writeFileSync(join(data, "uploads", kept), "the data directory's own bytes");

    const restored = await runBinary(["--restore", join(backups, "xrp-faucet-20260115-120000.db")], {
      cwd: dir,
      binary,
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    const lines = restored.stdout.split("\n");
    expect(lines).toContain(
      `Copied 1 uploaded image from ${join(backups, "uploads")} to ${join(data, "uploads")} (1 already there).`,
    );
    expect(lines).toContain(
      `1 uploaded image the backup lists is missing from ${join(backups, "uploads")} (${lost}): the posts, ads or logo showing it have no image.`,
    );
    expect(listing(join(data, "uploads"))).toEqual([kept, copied]);
    expect(readFileSync(join(data, "uploads", kept), "utf8")).toBe("the data directory's own bytes");
    expect(statSync(join(data, "uploads", copied)).mode & 0o777).toBe(0o600);
    expect(reviewsIn(join(data, "app.db"))).toEqual(["in the backup"]);
  });
});
