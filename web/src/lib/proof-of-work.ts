// The browser's side of the anti-bot check of the public forms: fetch a challenge for one form, find
// its counter with WebCrypto's PBKDF2 (altcha-lib), and send the proof with that form (a proof is
// good for its own form only). A proof is solved in the background as soon as a protected form is
// on screen, so a visitor rarely waits for it.
import { useEffect } from "react";
import { useAfterFirstPaint } from "./useAfterFirstPaint";
// altcha-lib is loaded with the first proof: a page without a protected form never needs it.
import type { Challenge, Solution } from "altcha-lib";
// The names of the guarded forms, shared with the server.
import { LOGIN_FORM, type ProofForm, type ProtectedForm } from "../../../src/shared/forms";

export { POW_HEADER } from "../../../src/shared/forms";
// The server's challenges live 2 minutes; an older pre-solved proof is thrown away.
const FRESH_MS = 90_000;

// The pre-solved proof of each form.
const ready = new Map<ProtectedForm, { proof: Promise<string | null>; at: number }>();

// Fetches a challenge for `form` and solves it: the proof header value, or null when the check is off.
export async function solveProof(form: ProofForm, query = ""): Promise<string | null> {
  const response = await fetch(`/api/pow/challenge?form=${form}${query}`, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
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
  const derive = webCrypto
    ? (await import("altcha-lib/algorithms/web/pbkdf2")).deriveKey
    : (await import("./pbkdf2-fallback")).deriveKey;
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
      solveChallenge({ challenge, deriveKey: derive, controller, counterStart: i, counterStep: searches }).then(
        done,
        () => done(null),
      );
    }
  });
}

// Starts solving a proof for the next submit of `form`, unless a fresh one is on its way.
export function warmProof(form: ProtectedForm): void {
  const warm = ready.get(form);
  if (warm && Date.now() - warm.at < FRESH_MS) return;
  ready.set(form, { proof: solveProof(form).catch(() => null), at: Date.now() });
}

// The proof header value for one submit of `form` (null when the check is off or could not be solved).
export async function takeProof(form: ProtectedForm): Promise<string | null> {
  warmProof(form);
  const { proof } = ready.get(form)!;
  ready.delete(form);
  return proof;
}

// The proof a login for `username` needs when many sign-ins to it failed lately (the server asks for
// it by refusing the login without one): solved when asked, never ahead.
export const takeLoginProof = (username: string): Promise<string | null> =>
  solveProof(LOGIN_FORM, `&username=${encodeURIComponent(username)}`).catch(() => null);

// Pre-solves a proof while the form that needs it is on screen.
export function useProofOfWork(form: ProtectedForm, enabled = true): void {
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (enabled && painted) warmProof(form);
  }, [form, enabled, painted]);
}
