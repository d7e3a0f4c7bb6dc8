// PBKDF2 for pages without WebCrypto: a browser gives `crypto.subtle` only to secure contexts, so a
// site served over plain HTTP under a real hostname solves its proofs of work with this (audited,
// pure JavaScript) instead. Loaded only there; about 4 times slower than WebCrypto.
import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { DeriveKeyFunction } from "altcha-lib";

export const deriveKey: DeriveKeyFunction = async (parameters, salt, password) => ({
  derivedKey: pbkdf2(sha256, password, salt, { c: parameters.cost, dkLen: parameters.keyLength ?? 32 }),
});
