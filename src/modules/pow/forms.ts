// Shared by the server and the web app (no dependencies): the forms that need a proof of work, and
// the header that carries it.

export const POW_HEADER = "x-proof-of-work";

// The public forms a bot farm would drain or spam. The routes say so with `proofRequired`;
// pow.test.ts checks that this list and the routes agree.
export const PROTECTED_FORMS: ReadonlySet<string> = new Set([
  "/api/faucet/request",
  "/api/reviews/submit",
  "/api/reviews/bonus-request",
  "/api/newsletter/signup",
  "/api/earning-alerts/signup",
  "/api/advertising/submit",
  "/api/register",
]);
