// What the proof of work answers: a challenge (or null when the admin turned the check off), and
// the refusals of a form sent without a valid proof, which tell the browser (header) to fetch a new
// challenge and send again.
import type { Challenge } from "altcha-lib";
import { appError } from "../../http/errors.ts";
import { POW_HEADER } from "../../shared/forms.ts";

export const CHALLENGE_FLOOD = "Too many anti-bot challenges requested. Please wait a minute.";
export const PROOF_MISSING = "Your browser has not finished its anti-bot check. Please try again.";
export const PROOF_UNREADABLE = "The anti-bot check could not be read. Please try again.";
export const PROOF_FAILED = "The anti-bot check failed. Please try again.";
export const PROOF_EXPIRED = "The anti-bot check expired. Please try again.";
export const PROOF_USED = "This anti-bot check was already used. Please try again.";

export const powErrors = {
  refused: (message: string) => appError(403, "PROOF_REFUSED", message, { [POW_HEADER]: "retry" }),
};

export const challengeView = (challenge: Challenge | null) => ({ challenge });
