// What the back office's event stream says: which of the admin's reads changed, so that the open
// screens read them again (web/src/app/admin/live.ts). A change is named by what changed in the
// product's words; each names the admin reads (their paths, which the web's query keys start with)
// that show it.
export const LIVE_TOPICS = {
  // a request made, decided, paid, failed or scored again
  requests: [
    "/api/admin/faucet/requests",
    "/api/admin/counts",
    "/api/admin/faucet/budget",
    "/api/admin/health",
    "/api/admin/users",
    "/api/admin/stats/daily",
  ],
  // a payout settled on the ledger (paid, failed, in doubt, or found there)
  payouts: [
    "/api/admin/faucet/requests",
    "/api/admin/claims",
    "/api/admin/processed-claims",
    "/api/admin/wallet",
    "/api/admin/health",
    "/api/admin/users",
    "/api/admin/counts",
    "/api/admin/stats/daily",
  ],
  // a bonus claimed or decided
  claims: ["/api/admin/claims", "/api/admin/processed-claims", "/api/admin/counts", "/api/admin/users"],
  // a review written
  reviews: ["/api/admin/reviews", "/api/admin/counts"],
  // a message through the contact form
  messages: ["/api/admin/contact/messages", "/api/admin/counts"],
  // a newsletter, earning-alert or advertiser signup
  signups: [
    "/api/admin/newsletter-signups",
    "/api/admin/earning-alerts-signups",
    "/api/admin/advertising/requests",
    "/api/admin/counts",
  ],
} as const;
export type LiveTopic = keyof typeof LIVE_TOPICS;

// What a feature calls when something an admin watches changed (nothing, with no admin watching).
export type LiveChanged = (topic: LiveTopic) => void;
export const NOTHING_WATCHES: LiveChanged = () => {};

// Changes are gathered for this long and sent as one message: a busy faucet tells an open screen
// a few times a second at most, not once a request.
export const LIVE_GATHER_MS = 500;
// A comment line this often keeps proxies from closing a quiet stream, and the session is checked
// again: a stream ends with its session (logged out, ended, expired, no longer an admin).
export const LIVE_HEARTBEAT_MS = 15_000;
// Streams at once: per session (tabs), and in all.
export const LIVE_STREAMS_PER_SESSION = 4;
export const LIVE_STREAMS_MAX = 64;
export const LIVE_MESSAGES = {
  tooManyTabs: "Live updates are open in too many tabs of this session: close one and reload",
  tooMany: "Too many live connections at once: try again in a minute",
};

// One event: the reads that changed, as the stream sends it.
export const liveEvent = (reads: string[]) => `data: ${JSON.stringify({ reads })}\n\n`;
