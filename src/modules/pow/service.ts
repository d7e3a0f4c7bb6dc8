// The proof-of-work check of the public forms (ALTCHA v2, self-hosted: altcha-lib on both sides).
// The server picks a secret counter N and publishes the first half of PBKDF2(nonce‖N); a browser
// finds N by trying counters from 0, which costs it N + 1 key derivations, while the server pays
// one derivation to issue and one HMAC to verify. Each proof is accepted once.
// N is uniform over 1..difficulty, so every order of trying counters costs the same on average
// (about difficulty / 2 derivations): a bot gains nothing over a browser by where it starts. (A
// range with a floor, such as ALTCHA's example randomInt(5_000, 10_000), would let a bot start at
// the floor and skip the part every browser pays for.)
// A challenge is good for the IP group and the form that asked for it, for 2 minutes, and costs more
// the more challenges its network (IPv6 /48, IPv4 /24) asked for in the last hour: a farm pays for
// each request it makes, an honest visitor what it always paid.
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
// The WebCrypto PBKDF2 (the same derivation): altcha-lib's node one imports node:crypto, which
// would lengthen every start of the compiled binary.
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import type { IpNetworks } from "../../lib/ip-group.ts";
import { createRateLimit } from "../../lib/rate-limit.ts";
import { HOUR_MS } from "../../lib/time.ts";
import { POW_HEADER, type ProofForm } from "../../shared/forms.ts";
import {
  CHALLENGE_FLOOD,
  LOGIN_PROOF_MISSING,
  LOGIN_PROOF_OTHER,
  PROOF_ELSEWHERE,
  PROOF_EXPIRED,
  PROOF_FAILED,
  PROOF_MISSING,
  PROOF_OTHER_FORM,
  PROOF_UNREADABLE,
  PROOF_USED,
  powErrors,
} from "./model.ts";

export { POW_HEADER };

export const POW_ALGORITHM = "PBKDF2/SHA-256";
// PBKDF2 iterations per try: a fraction of a millisecond natively; a proof costs difficulty / 2 tries on average.
export const POW_COST = 1000;
export const MAX_POW_DIFFICULTY = 100_000;
// Short, so a pool of proofs solved in advance is worth little.
const CHALLENGE_TTL_MS = 2 * 60_000;
const MAX_PROOF_CHARS = 4096;

// The adaptive difficulty: a network's first 3 challenges in an hour cost the admin's base, each
// one after that one base more (the 4th twice the base, the 50th 48 times, the 100th 98 times), up
// to 100 times the base.
const AT_BASE = 3;
const MAX_FACTOR = 100;
const difficultyFactor = (asked: number) => Math.min(MAX_FACTOR, Math.max(1, asked - AT_BASE + 1));

const secret = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");

// A login's proof (shared/forms.ts LOGIN_FORM): for one username, `factor` times the base difficulty
// or more (auth/throttle.ts proofFactor: the more sign-ins to it failed, the more).
export interface LoginProof {
  username: string;
  factor: number;
}

export function createProofOfWork({ clock, difficulty }: { clock: () => number; difficulty: () => number }) {
  // Per-process secrets: a restart voids every outstanding challenge, so the used-proof memory
  // below never has to outlive the process.
  const hmacSignatureSecret = secret();
  const hmacKeySignatureSecret = secret();
  const used = new Map<string, number>(); // challenge nonce -> expiry (ms)
  // Issuing costs the server one key derivation, so one network (and so one address) may not ask
  // for them without end.
  const issueLimit = createRateLimit({ limit: 120, windowMs: 60_000, clock, message: CHALLENGE_FLOOD });
  const asked = createAskedCount(clock);

  function forget(now: number) {
    for (const [nonce, expires] of used) if (expires <= now) used.delete(nonce);
  }

  return {
    enabled: () => difficulty() > 0,

    // A challenge for a visitor of `networks` and one form, or null when the admin has turned the
    // check off. Its signed data says the group and form it is good for, when it expires and its
    // difficulty (public: with the secret uniform over 1..difficulty, knowing it saves no work), and
    // a login's its username.
    async challengeFor(networks: IpNetworks, form: ProofForm, login?: LoginProof): Promise<Challenge | null> {
      const base = difficulty();
      if (base <= 0) return null;
      issueLimit.hit(networks.network);
      const level = base * Math.max(1, login?.factor ?? 1) * difficultyFactor(asked.add(networks.network));
      return createChallenge({
        algorithm: POW_ALGORITHM,
        cost: POW_COST,
        // altcha-lib's randomInt(max, min = 1): uniform over 1..level (never 0, which the first try finds).
        counter: randomInt(level),
        deriveKey,
        data: {
          expires: clock() + CHALLENGE_TTL_MS,
          group: networks.group,
          form,
          difficulty: level,
          ...(login ? { username: login.username.toLowerCase() } : {}),
        },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    // Throws 403 unless `proof` (base64 JSON {challenge, solution}) solves an unexpired challenge
    // this process issued for this IP group and form, and that nobody has used yet; a login's, for
    // its username and at least its difficulty now.
    async verify(
      proof: string | null,
      { group, form, login }: { group: string; form: ProofForm; login?: LoginProof },
    ): Promise<void> {
      const base = difficulty();
      if (base <= 0) return;
      if (!proof) throw powErrors.refused(login ? LOGIN_PROOF_MISSING : PROOF_MISSING);
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
      const data = payload.challenge.parameters.data ?? {};
      const expires = Number(data.expires);
      if (!(expires > now)) throw powErrors.refused(PROOF_EXPIRED);
      if (data.form !== form) throw powErrors.refused(PROOF_OTHER_FORM);
      if (data.group !== group) throw powErrors.refused(PROOF_ELSEWHERE);
      if (
        login &&
        (data.username !== login.username.toLowerCase() || !(Number(data.difficulty) >= base * login.factor))
      )
        throw powErrors.refused(LOGIN_PROOF_OTHER);
      const nonce = payload.challenge.parameters.nonce;
      if (used.has(nonce)) throw powErrors.refused(PROOF_USED);
      if (used.size >= 100_000) forget(now);
      used.set(nonce, expires);
    },
  };
}
export type ProofOfWork = ReturnType<typeof createProofOfWork>;

// How many challenges each network asked for in the last hour, in memory: per network the times of
// its latest ones (no more than the factor can tell apart), for at most 50,000 networks, the one
// that asked least recently forgotten first.
function createAskedCount(clock: () => number) {
  const keep = AT_BASE - 1 + MAX_FACTOR;
  const times = new Map<string, number[]>();
  return {
    // Counts one challenge for `network`: how many it asked for in the last hour, this one included.
    add(network: string): number {
      const now = clock();
      const recent = (times.get(network) ?? []).filter((t) => now - t < HOUR_MS).slice(-(keep - 1));
      recent.push(now);
      times.delete(network); // set again below: the map's order is the order of the last challenge
      times.set(network, recent);
      if (times.size > 50_000) times.delete(times.keys().next().value!);
      return recent.length;
    },
  };
}

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
