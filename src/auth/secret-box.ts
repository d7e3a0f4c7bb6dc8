// Secrets the server must read back (the two-factor secrets) are stored sealed: AES-256-GCM with a
// key kept in the data directory (secret.key, owner-only), never in the database. A copy of the
// database alone does not give anyone a way to make codes.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const SECRET_KEY_FILE = "secret.key";

export interface SecretBox {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

// The data directory's key (32 random bytes), made on first use.
export function loadSecretKey(dataDir: string): Uint8Array {
  const path = join(dataDir, SECRET_KEY_FILE);
  if (existsSync(path)) {
    const key = new Uint8Array(readFileSync(path));
    if (key.length !== 32) throw new Error(`${path} is not a 32-byte key`);
    return key;
  }
  const key = crypto.getRandomValues(new Uint8Array(32));
  writeFileSync(path, key, { mode: 0o600, flag: "wx" });
  return key;
}

export function createSecretBox(keyBytes: Uint8Array<ArrayBuffer> | Uint8Array): SecretBox {
  const key = crypto.subtle.importKey("raw", new Uint8Array(keyBytes), "AES-GCM", false, ["encrypt", "decrypt"]);
  return {
    // "v1.<iv>.<ciphertext and tag>", base64url
    async seal(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await key, new TextEncoder().encode(plain));
      return `v1.${Buffer.from(iv).toString("base64url")}.${Buffer.from(sealed).toString("base64url")}`;
    },
    async open(sealed) {
      const [version, iv, data] = sealed.split(".");
      if (version !== "v1" || !iv || !data) throw new Error("not a sealed secret");
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: Buffer.from(iv, "base64url") },
        await key,
        Buffer.from(data, "base64url"),
      );
      return new TextDecoder().decode(plain);
    },
  };
}
