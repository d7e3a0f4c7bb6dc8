// Uploaded images, as files under the data directory's uploads/ folder: stored within the quota
// (images and bytes), listed with where each is used, deleted when nothing uses them.
import { existsSync, mkdirSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../audit/service.ts";
import { AD_SLOTS, type AdSlotName } from "../ads/model.ts";
import {
  imageKind,
  MAX_UPLOAD_BYTES,
  UPLOAD_NAME_PATTERN,
  UPLOAD_QUOTA,
  type UploadedImage,
  type UploadQuota,
  type UploadUse,
  uploadErrors,
} from "./model.ts";
import { createUploadRepository } from "./repository.ts";

const postUse = (post: { id: number; title: string }, featured: boolean, inText: boolean): UploadUse => ({
  kind: "post",
  id: post.id,
  text: `the post "${post.title}" (${featured && inText ? "its featured image and in its text" : featured ? "its featured image" : "in its text"})`,
});
const adUse = (slot: string): UploadUse => ({
  kind: "ad",
  id: slot,
  text: `the ad in the slot ${AD_SLOTS[slot as AdSlotName]?.label ?? slot}`,
});
const LOGO_USE: UploadUse = { kind: "logo", id: null, text: "the site's logo" };

export function createUploadService({
  dir,
  db,
  clock,
  quota = UPLOAD_QUOTA,
}: {
  dir: string;
  db: Db;
  clock: () => number;
  quota?: UploadQuota;
}) {
  // (built on first use: the service is made at start, and its statements are not on any visitor's path)
  let repository: ReturnType<typeof createUploadRepository> | undefined;
  const repo = () => (repository ??= createUploadRepository(db));

  // The images in the folder, each with its size and time (newest first).
  const scan = () => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    const files: { name: string; sizeBytes: number; mtimeMs: number }[] = [];
    for (const name of names) {
      if (!UPLOAD_NAME_PATTERN.test(name)) continue;
      try {
        const stat = statSync(join(dir, name));
        if (stat.isFile()) files.push({ name, sizeBytes: stat.size, mtimeMs: stat.mtimeMs });
      } catch {} // (deleted meanwhile)
    }
    return files.sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name));
  };
  // What the folder holds, counted once from it and then kept as images are saved and deleted; an
  // upload's place is taken before its bytes are written, so uploads at once cannot pass the quota.
  let used: { files: number; bytes: number } | undefined;
  let writing = 0;
  const usage = () => {
    if (!used) {
      const files = scan();
      used = { files: files.length, bytes: files.reduce((sum, f) => sum + f.sizeBytes, 0) };
    }
    return used;
  };

  // Where the image at `url` is used, read from the posts, the ad slots and the site's logo.
  const usesOf = (url: string): UploadUse[] => [
    ...repo()
      .postsUsing(url)
      .map((post) => postUse(post, post.featured, post.inText)),
    ...repo().adsUsing(url).map(adUse),
    ...(repo().logo() === url ? [LOGO_USE] : []),
  ];

  return {
    // Stores the image under a random name; returns its path (/uploads/<name>).
    async save(bytes: Uint8Array): Promise<string> {
      if (bytes.byteLength > MAX_UPLOAD_BYTES) throw uploadErrors.tooLarge();
      const kind = imageKind(bytes);
      if (!kind) throw uploadErrors.notAnImage();
      const room = usage();
      if (room.files + 1 > quota.files) throw uploadErrors.tooManyFiles(quota);
      if (room.bytes + bytes.byteLength > quota.bytes)
        throw uploadErrors.tooManyBytes(bytes.byteLength, room.bytes, quota);
      room.files += 1;
      room.bytes += bytes.byteLength;
      writing++;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const name = `${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex")}.${kind}`;
        await Bun.write(join(dir, name), bytes, { mode: 0o600 });
        return `/uploads/${name}`;
      } catch (error) {
        room.files -= 1;
        room.bytes -= bytes.byteLength;
        throw error;
      } finally {
        writing--;
      }
    },

    // The stored file of a name, or null (a name of another shape is never looked up).
    file(name: string): string | null {
      if (!UPLOAD_NAME_PATTERN.test(name)) return null;
      const path = join(dir, name);
      return existsSync(path) ? path : null;
    },

    // Every image, newest first, with where it is used, and the quota with what is used of it.
    list(): { quota: { files: number; maxFiles: number; bytes: number; maxBytes: number }; images: UploadedImage[] } {
      const files = scan();
      // (the folder as read, when no upload is being written: a file removed by hand is counted out)
      if (writing === 0) used = { files: files.length, bytes: files.reduce((sum, f) => sum + f.sizeBytes, 0) };
      const uses = new Map<string, UploadUse[]>();
      const add = (url: string, use: UploadUse) => {
        const list = uses.get(url);
        if (list) list.push(use);
        else uses.set(url, [use]);
      };
      for (const post of repo().postsWithImages()) {
        const named = new Set(post.body.match(/\/uploads\/[a-f0-9]{32}\.(?:png|jpg|webp)/g) ?? []);
        if (post.featuredImage) named.add(post.featuredImage);
        for (const url of named) add(url, postUse(post, post.featuredImage === url, post.body.includes(url)));
      }
      for (const ad of repo().adImages()) add(ad.imageUrl, adUse(ad.slot));
      const logo = repo().logo();
      if (logo) add(logo, LOGO_USE);
      const { files: n, bytes } = usage();
      return {
        quota: { files: n, maxFiles: quota.files, bytes, maxBytes: quota.bytes },
        images: files.map((f) => {
          const url = `/uploads/${f.name}`;
          return {
            name: f.name,
            url,
            sizeBytes: f.sizeBytes,
            createdAt: new Date(f.mtimeMs).toISOString(),
            usedBy: uses.get(url) ?? [],
          };
        }),
      };
    },

    // Deletes an image no post, ad or logo uses (409 naming where it is used; 404 for none).
    // (One synchronous turn from the check to the unlink: no save of a post can come between.)
    remove(name: string, actor: Actor): void {
      if (!UPLOAD_NAME_PATTERN.test(name)) throw uploadErrors.noSuchImage();
      const path = join(dir, name);
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        throw uploadErrors.noSuchImage();
      }
      const uses = usesOf(`/uploads/${name}`);
      if (uses.length > 0) throw uploadErrors.inUse(uses);
      unlinkSync(path);
      if (used) {
        used.files -= 1;
        used.bytes -= size;
      }
      recordAudit(
        db,
        {
          actor: actor.admin,
          ip: actor.ip,
          action: "upload.delete",
          targetType: "upload",
          targetId: name,
          details: { sizeBytes: size },
        },
        clock(),
      );
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
