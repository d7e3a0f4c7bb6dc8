// The proof-of-work check of the public forms (ALTCHA v2, self-hosted: altcha-lib on both sides).
// The server picks a secret counter N and publishes the first half of PBKDF2(nonce‖N); a browser
// finds N by trying counters from 0, which costs it N + 1 key derivations, while the server pays
// one derivation to issue and one HMAC to verify. Each proof is accepted once.
// N is uniform over 1..difficulty, so every order of trying counters costs the same on average
// (about difficulty / 2 derivations): a bot gains nothing over a browser by where it starts. (A
// range with a floor, such as ALTCHA's example randomInt(5_000, 10_000), would let a bot start at
// the floor and skip the part every browser pays for.)
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
// The WebCrypto PBKDF2 (the same derivation): altcha-lib's node one imports node:crypto, about 15 ms
// of the compiled binary's start.
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { createRateLimit } from "../../http/rate-limit.ts";
import { POW_HEADER } from "../../shared/forms.ts";
import { CHALLENGE_FLOOD, PROOF_EXPIRED, PROOF_FAILED, PROOF_MISSING, PROOF_UNREADABLE, PROOF_USED, powErrors } from "./model.ts";

export { POW_HEADER };

export const POW_ALGORITHM = "PBKDF2/SHA-256";
// PBKDF2 iterations per try: about 0.2 ms natively; a proof costs difficulty / 2 tries on average.
export const POW_COST = 1000;
export const MAX_POW_DIFFICULTY = 100_000;
const CHALLENGE_TTL_MS = 10 * 60_000;
const MAX_PROOF_CHARS = 4096;

const secret = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");

export function createProofOfWork({ clock, difficulty }: { clock: () => number; difficulty: () => number }) {
  // Per-process secrets: a restart voids every outstanding challenge, so the used-proof memory
  // below never has to outlive the process.
  const hmacSignatureSecret = secret();
  const hmacKeySignatureSecret = secret();
  const used = new Map<string, number>(); // challenge nonce -> expiry (ms)
  // Issuing costs the server one key derivation, so one IP may not ask for them without end.
  const issueLimit = createRateLimit({ limit: 120, windowMs: 60_000, clock, message: CHALLENGE_FLOOD });

  function forget(now: number) {
    for (const [nonce, expires] of used) if (expires <= now) used.delete(nonce);
  }

  // A new challenge, or null when the admin has turned the check off.
  async function challenge(): Promise<Challenge | null> {
    const level = difficulty();
    if (level <= 0) return null;
    return createChallenge({
      algorithm: POW_ALGORITHM,
      cost: POW_COST,
      // altcha-lib's randomInt(max, min = 1): uniform over 1..level (never 0, which the first try finds).
      counter: randomInt(level),
      deriveKey,
      data: { expires: clock() + CHALLENGE_TTL_MS },
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    });
  }

  return {
    enabled: () => difficulty() > 0,

    challenge,

    // A challenge for a visitor at `ip` (at most 120 a minute), or null when the check is off.
    async challengeFor(ip: string): Promise<Challenge | null> {
      if (difficulty() <= 0) return null;
      issueLimit.hit(ip);
      return challenge();
    },

    // Throws 403 unless `proof` (base64 JSON {challenge, solution}) solves an unexpired challenge
    // this process issued and that nobody has used yet.
    async verify(proof: string | null): Promise<void> {
      if (difficulty() <= 0) return;
      if (!proof) throw powErrors.refused(PROOF_MISSING);
      const payload = proof.length <= MAX_PROOF_CHARS ? decode(proof) : null;
      if (!payload) throw powErrors.refused(PROOF_UNREADABLE);
      let verified = false;
      try {
        const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
        verified = result.verified;
      } catch {
        verified = false; // a malformed challenge makes the library throw
      }
      if (!verified) throw powErrors.refused(PROOF_FAILED);
      const now = clock();
      const expires = Number(payload.challenge.parameters.data?.expires);
      if (!(expires > now)) throw powErrors.refused(PROOF_EXPIRED);
      const nonce = payload.challenge.parameters.nonce;
      if (used.has(nonce)) throw powErrors.refused(PROOF_USED);
      if (used.size >= 100_000) forget(now);
      used.set(nonce, expires);
    },
  };
}
export type ProofOfWork = ReturnType<typeof createProofOfWork>;

// The route option of a protected form: a fresh proof is required once the body's shape is checked.
export const proofRequired = (pow: ProofOfWork) => ({
  beforeHandle: async ({ request }: { request: Request }) => {
    await pow.verify(request.headers.get(POW_HEADER));
  },
});

type Payload = Parameters<typeof verifySolution>[0] & {};

function decode(proof: string): Pick<Payload, "challenge" | "solution"> | null {
  try {
    const value = JSON.parse(Buffer.from(proof, "base64").toString("utf8"));
    const parameters = value?.challenge?.parameters;
    const solution = value?.solution;
    const fine =
      typeof parameters === "object" &&
      parameters !== null &&
      typeof parameters.nonce === "string" &&
      typeof value.challenge.signature === "string" &&
      typeof solution === "object" &&
      solution !== null &&
      Number.isSafeInteger(solution.counter) &&
      typeof solution.derivedKey === "string";
    return fine ? { challenge: value.challenge, solution } : null;
  } catch {
    return null;
  }
}
