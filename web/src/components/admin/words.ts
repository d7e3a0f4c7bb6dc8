// The back office in a person's words: amounts for reading, statuses and claim types as an operator
// says them (the API keeps its codes; only the screens translate).
import type { Tone } from "./ui";

// Amounts for reading: "100,000 XRP", "22.8 XRP" (src/shared/money.ts, the visitor's pages say them so too).
export { readableXrp } from "../../../../src/shared/money";

const STATUS_WORDS: Record<string, string> = {
  PENDING: "Pending",
  APPROVED: "Approved",
  PROCESSED: "Paid",
  REJECTED: "Rejected",
  PAID: "Paid",
  DENIED: "Denied",
  SUCCESS: "Paid",
  FAILED: "Failed",
  PROCESSING: "Sending",
  // a payout an admin withdrew before it was signed
  WITHDRAWN: "Withdrawn (nothing sent)",
};
export const statusWords = (status: string) =>
  STATUS_WORDS[status] ?? status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, " ");

// A payout's status (SUCCESS, FAILED, WITHDRAWN, PENDING, NEEDS_ATTENTION) as a badge's colour:
// paid green, failed red, withdrawn (nothing sent, nothing to do) grey, anything under way yellow.
export const payoutTone = (status: string): Tone =>
  status === "SUCCESS" ? "green" : status === "FAILED" ? "red" : status === "WITHDRAWN" ? "grey" : "yellow";

// What a payout paid: "FAUCET_REQUEST" -> "Faucet request", "USER_PAYMENT" -> "Payment of rewards"
const PAYOUT_KIND_WORDS: Record<string, string> = {
  FAUCET_REQUEST: "Faucet request",
  USER_PAYMENT: "Payment of rewards",
};
export const payoutKindWords = (kind: string) => PAYOUT_KIND_WORDS[kind] ?? statusWords(kind);

// "SOCIAL_SHARE" with "LinkedIn" -> "Shared on LinkedIn"
const TYPE_WORDS: Record<string, string> = {
  SOCIAL_SHARE: "Social sharing bonus",
  REVIEW: "Reviewer bonus",
  DAILY: "Daily reward",
  REFERRAL: "Referral bonus",
};
export function claimTypeWords(type: string, platform: string | null): string {
  if (type === "SOCIAL_SHARE" && platform) return `Shared on ${platform}`;
  return TYPE_WORDS[type] ?? statusWords(type);
}

// The settings' fields as the server names them in its refusals, in words.
const FIELD_WORDS: [RegExp, string][] = [
  [/\bautoApprove\.maxRiskScore\b/g, "the auto-approve highest risk score"],
  [/\bautoApprove\.holdMinutes\b/g, "the auto-approve hold"],
  [/\bautoApprove\.maxPerDay\b/g, "the auto-approve most per day"],
  [/\bautoApprove\.enabled\b/g, "auto-approve on or off"],
  [/\bbonusDailyLimit\b/g, "the bonus budget per day"],
  [/\bbonusMinAccountAgeHours\b/g, "the bonus account age"],
  [/\bdailyLimit\b/g, "the daily limit"],
  [/\bminAmount\b/g, "the minimum amount"],
  [/\bmaxAmount\b/g, "the maximum amount"],
  [/\bpowDifficulty\b/g, "the anti-bot work"],
  [/\baccountsPerHour\b/g, "new accounts per hour"],
  [/\baccountsPerDay\b/g, "new accounts per day"],
  [/\bipGrouping\b/g, "the per-IP grouping"],
];
// "minAmount cannot be above maxAmount" -> "The minimum amount cannot be above the maximum amount"
export function fieldWords(message: string): string {
  const worded = FIELD_WORDS.reduce((text, [name, words]) => text.replace(name, words), message);
  return worded.charAt(0).toUpperCase() + worded.slice(1);
}
