// Solves the site's proof of work the way a browser does (altcha-lib, native PBKDF2), for tests and
// bots that post to the protected forms over HTTP.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { POW_HEADER } from "../modules/pow/service.ts";
import type { ProtectedForm } from "../shared/forms.ts";

export function proofFromChallenge(challenge: Challenge, solution: { counter: number; derivedKey: string }): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("proof of work not solved in time");
  return proofFromChallenge(challenge, solution);
}

// The header a POST to `form` needs: {} when the site has the check off. `get` fetches the
// challenge JSON (over real HTTP, or through a test app) from the IP the form is then sent from:
// a proof is good for that IP's group only.
export async function proofHeaders(
  get: (path: string) => Promise<{ challenge: Challenge | null }>,
  form: ProtectedForm,
): Promise<Record<string, string>> {
  const { challenge } = await get(`/api/pow/challenge?form=${form}`);
  return challenge ? { [POW_HEADER]: await solve(challenge) } : {};
}

// Over HTTP against a running site.
export const proofFor = (baseUrl: string, form: ProtectedForm, headers: Record<string, string> = {}) =>
  proofHeaders(
    async (path) => (await fetch(`${baseUrl}${path}`, { headers })).json() as Promise<{ challenge: Challenge | null }>,
    form,
  );
