// The browser's side of the anti-bot check of the public forms: fetch a challenge, find its counter
// with WebCrypto's PBKDF2 (altcha-lib), and send the proof with the form. A proof is solved in the
// background as soon as a protected form is on screen, so a visitor rarely waits for it.
import { useEffect } from "react";
// altcha-lib is loaded with the first proof: a page without a protected form never needs it.
import type { Challenge, Solution } from "altcha-lib";
// The one list of guarded forms, shared with the server.
import { PROTECTED_FORMS } from "../../../src/shared/forms";

export { POW_HEADER } from "../../../src/shared/forms";
// The server's challenges live 10 minutes; an older pre-solved proof is thrown away.
const FRESH_MS = 8 * 60_000;

export const needsProof = (path: string) => PROTECTED_FORMS.has(path);

let ready: { proof: Promise<string | null>; at: number } | null = null;

// Fetches a challenge and solves it: the proof header value, or null when the check is off.
export async function solveProof(): Promise<string | null> {
  const response = await fetch("/api/pow/challenge", { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!response.ok) return null; // the server's refusal of the form then says what to do
  const { challenge } = (await response.json()) as { challenge: Challenge | null };
  if (!challenge) return null; // the check is off
  const solution = await solveInParallel(challenge);
  return solution && btoa(JSON.stringify({ challenge, solution }));
}

// WebCrypto derives keys off the main thread, so a few interleaved searches use a few cores. Without
// it (plain HTTP under a real hostname) one search runs in JavaScript.
async function solveInParallel(challenge: Challenge): Promise<Solution | null> {
  const webCrypto = Boolean(globalThis.crypto?.subtle);
  const { solveChallenge } = await import("altcha-lib");
  const derive = webCrypto ? (await import("altcha-lib/algorithms/web/pbkdf2")).deriveKey : (await import("./pbkdf2-fallback")).deriveKey;
  const searches = webCrypto ? Math.min(Math.max(navigator.hardwareConcurrency || 2, 1), 4) : 1;
  const controller = new AbortController();
  return new Promise((resolve) => {
    let left = searches;
    const done = (solution: Solution | null) => {
      if (solution) {
        controller.abort();
        resolve(solution);
      } else if (--left === 0) resolve(null);
    };
    for (let i = 0; i < searches; i++) {
      solveChallenge({ challenge, deriveKey: derive, controller, counterStart: i, counterStep: searches }).then(done, () => done(null));
    }
  });
}

// Starts solving a proof for the next protected submit, unless a fresh one is on its way.
export function warmProof(): void {
  if (ready && Date.now() - ready.at < FRESH_MS) return;
  ready = { proof: solveProof().catch(() => null), at: Date.now() };
}

// The proof header value for one submit (null when the check is off or could not be solved).
export async function takeProof(): Promise<string | null> {
  warmProof();
  const { proof } = ready!;
  ready = null;
  return proof;
}

// Pre-solves a proof while the form that needs it is on screen.
export function useProofOfWork(enabled = true): void {
  useEffect(() => {
    if (enabled) warmProof();
  }, [enabled]);
}
