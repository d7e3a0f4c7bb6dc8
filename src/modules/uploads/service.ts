// Uploaded images, as files under the data directory's uploads/ folder.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { imageKind, MAX_UPLOAD_BYTES, UPLOAD_NAME_PATTERN, uploadErrors } from "./model.ts";

export function createUploadService({ dir }: { dir: string }) {
  return {
    // Stores the image under a random name; returns its path (/uploads/<name>).
    async save(bytes: Uint8Array): Promise<string> {
      if (bytes.byteLength > MAX_UPLOAD_BYTES) throw uploadErrors.tooLarge();
      const kind = imageKind(bytes);
      if (!kind) throw uploadErrors.notAnImage();
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const name = `${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex")}.${kind}`;
      await Bun.write(join(dir, name), bytes, { mode: 0o600 });
      return `/uploads/${name}`;
    },

    // The stored file of a name, or null (a name of another shape is never looked up).
    file(name: string): string | null {
      if (!UPLOAD_NAME_PATTERN.test(name)) return null;
      const path = join(dir, name);
      return existsSync(path) ? path : null;
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
