// What the server and the web app must agree on for the social-sharing bonus: its platforms, when a
// platform's bonus may be claimed again, and its address message. Constants only, importing nothing
// outside src/shared (the layer rule shared-has-no-dependencies keeps it so).
import { UTC_MOMENT } from "./waits.ts";

// The platforms of the social-sharing bonus (the web app gives each a button).
export const PLATFORMS = ["Facebook", "Twitter", "LinkedIn"] as const;
export type Platform = (typeof PLATFORMS)[number];

// When a platform's social bonus may be claimed again, as the server's refusal says it: "available
// again on Nov 30, 14:05 UTC" (the web app says the same in the page's language: the `earn` catalog).
const AGAIN_FORMAT = new Intl.DateTimeFormat("en-US", UTC_MOMENT);
export const availableAgainText = (at: string | number | Date) =>
  `available again on ${AGAIN_FORMAT.format(new Date(at))} UTC`;
export const claimedThisWeekText = (platform: string, at: string | number | Date) =>
  `You already claimed the ${platform} bonus this week. It is ${availableAgainText(at)}.`;

// A social bonus's address that is no classic r-address.
export const ADDRESS_INVALID = "Please enter a valid XRP wallet address (starts with 'r')";
