// Uploaded images are copied once beside the backups, each backup listing its own; an image no kept
// backup lists is removed with the oldest one, and a crash's leftovers are removed at start.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { backupName } from "./model.ts";
import { backupsOnFakeClock, HOUR, namesIn, T0 } from "./schedule-testing.ts";

const { setup } = backupsOnFakeClock();

describe("uploaded images", () => {
  test("each is copied once into uploads/; a backup lists its own; an image no kept backup lists goes with the oldest; leftovers of a crash are removed at start", async () => {
    const { clock, dir, dataDir, service, make, logs } = await setup({ keep: 2 });
    const { mkdirSync } = await import("node:fs");
    const images = join(dataDir, "uploads");
    mkdirSync(images);
    const image = (name: string, text: string) => writeFileSync(join(images, name), `\x89PNG ${text}`);
    const a = `${"a".repeat(32)}.png`;
    const b = `${"b".repeat(32)}.jpg`;
    image(a, "first");
    // (not an upload's name: never copied)
    writeFileSync(join(images, "notes.txt"), "mine");
    const first = await service.runNow();
    expect(first.uploads).toEqual({ files: 1, sizeBytes: 11 });
    expect(readFileSync(join(dir, `${first.name}.uploads`), "utf8")).toBe(`${a} 11\n`);
    expect(namesIn(join(dir, "uploads"))).toEqual([a]);
    expect(statSync(join(dir, "uploads", a)).mode & 0o777).toBe(0o600);
    expect(logs.at(-1)).toContain("; 1 uploaded image, 1 new)");

    // the image is gone from the data directory (removed by hand); another one is uploaded
    rmSync(join(images, a));
    image(b, "second one");
    clock.advance(HOUR);
    const second = await service.runNow();
    expect(second.uploads).toEqual({ files: 1, sizeBytes: 16 });
    expect(namesIn(join(dir, "uploads"))).toEqual([a, b]);
    clock.advance(HOUR);
    const third = await service.runNow();
    expect(logs.at(-1)).toContain("; 1 uploaded image, 0 new)");
    // the first backup went, and with it the only list of the first image
    expect(service.status().backups.map((x) => [x.name, x.uploads])).toEqual([
      [third.name, { files: 1, sizeBytes: 16 }],
      [second.name, { files: 1, sizeBytes: 16 }],
    ]);
    expect(namesIn(join(dir, "uploads"))).toEqual([b]);
    expect(existsSync(join(dir, `${first.name}.uploads`))).toBe(false);
    await service.stop();

    // a crash left a list without its backup and an image's copy half made
    writeFileSync(join(dir, `${backupName(T0 + 5 * HOUR)}.uploads`), `${b} 16\n`);
    writeFileSync(join(dir, `${backupName(T0 + 5 * HOUR)}.uploads.tmp`), "");
    writeFileSync(join(dir, "uploads", `${"c".repeat(32)}.png.tmp`), "half");
    const restarted = make();
    restarted.start();
    expect(namesIn(dir)).toEqual(
      ["secret.key", "uploads", second.name, `${second.name}.uploads`, third.name, `${third.name}.uploads`].sort(),
    );
    expect(namesIn(join(dir, "uploads"))).toEqual([b]);
    await restarted.stop();
  });
});
