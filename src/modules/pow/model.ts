// What the proof of work answers: a challenge (or null when the admin turned the check off), and
// the refusals of a form sent without a valid proof, which tell the browser (header) to fetch a new
// challenge and send again.
import type { Challenge } from "altcha-lib";
import { appError, badRequest } from "../../lib/errors.ts";
import { FORM_NAMES, POW_HEADER } from "../../shared/forms.ts";

export const CHALLENGE_FLOOD = "Too many anti-bot challenges requested. Please wait a minute.";
export const PROOF_MISSING = "Your browser has not finished its anti-bot check. Please try again.";
export const PROOF_UNREADABLE = "The anti-bot check could not be read. Please try again.";
export const PROOF_FAILED = "The anti-bot check failed. Please try again.";
export const PROOF_EXPIRED = "The anti-bot check expired. Please try again.";
export const PROOF_USED = "This anti-bot check was already used. Please try again.";
export const PROOF_ELSEWHERE = "The anti-bot check was made on another network. Please try again.";
export const PROOF_OTHER_FORM = "The anti-bot check was made for another form. Please try again.";
export const LOGIN_PROOF_MISSING =
  "Many sign-ins to this account failed lately: your browser must finish an anti-bot check first. Please try again.";
export const LOGIN_PROOF_OTHER =
  "The anti-bot check was made for another username, or for fewer failed sign-ins than it has now. Please try again.";
export const UNKNOWN_FORM = `Which form is the anti-bot check for? Ask for /api/pow/challenge?form= with one of: ${FORM_NAMES.join(", ")}.`;

export const powErrors = {
  refused: (message: string) => appError(403, "PROOF_REFUSED", message, { [POW_HEADER]: "retry" }),
  unknownForm: () => badRequest(UNKNOWN_FORM, "UNKNOWN_FORM"),
};

export const challengeView = (challenge: Challenge | null) => ({ challenge });
