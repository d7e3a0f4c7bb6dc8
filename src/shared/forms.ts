// What the server and the web app must agree on, in one place both import: the proof-of-work header
// and the forms that need it, the choices a form offers, and the messages a form shows before the
// server would say the same. Constants only, importing nothing (the layer rule
// shared-has-no-dependencies keeps it so): it is bundled into the browser as it is, in the home
// page's download (the social bonus's are social-bonus.ts: the home page shows none of them).

// The header that carries a proof of work, and that a refusal sets to "retry".
export const POW_HEADER = "x-proof-of-work";

// The public forms a bot farm would drain or spam, by name (a proof of work is good for one form
// only: `GET /api/pow/challenge?form=<name>`), with the path each posts to. The routes say so with
// `proofRequired(pow, name)`; pow/protected-forms.test.ts checks that this list and the routes agree.
export const FORM_PATHS = {
  faucet: "/api/faucet/request",
  review: "/api/reviews/submit",
  "reviewer-bonus": "/api/reviews/bonus-request",
  newsletter: "/api/newsletter/signup",
  "earning-alerts": "/api/earning-alerts/signup",
  advertising: "/api/advertising/submit",
  register: "/api/register",
  "password-reset": "/api/password-reset/request",
  "social-bonus": "/api/social/bonus-request",
  contact: "/api/contact",
} as const;
export type ProtectedForm = keyof typeof FORM_PATHS;
// The login needs a proof only for a username many sign-ins failed for lately (auth/throttle.ts): the
// server answers one sent without it 403 with the header set to "retry", and the proof is asked for
// that username, `GET /api/pow/challenge?form=login&username=<name>`.
export const LOGIN_FORM = "login";
export const LOGIN_PATH = "/api/login";
export type ProofForm = ProtectedForm | typeof LOGIN_FORM;
export const FORM_NAMES = Object.keys(FORM_PATHS) as ProtectedForm[];
export const isProtectedForm = (name: unknown): name is ProtectedForm => FORM_NAMES.includes(name as ProtectedForm);
// The paths of the protected forms, and the form a path posts (undefined for any other path).
export const PROTECTED_FORMS: ReadonlySet<string> = new Set(Object.values(FORM_PATHS));
export const formAt = (path: string): ProtectedForm | undefined => FORM_NAMES.find((name) => FORM_PATHS[name] === path);

// The earning alerts a visitor can sign up for (the web app gives each a label).
export const ALERT_TYPES = [
  "daily_challenges",
  "high_rewards",
  "streak_bonuses",
  "new_features",
  "market_opportunities",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

// A faucet request's or a review's address that is no XRP address.
export const INVALID_ADDRESS = "Please enter a valid XRP wallet address";
// What an XRP address looks like: a classic address (r and 24 to 34 more of the ledger's 58 letters,
// no 0, O, I or l) or an X-address (X, or T on a test network, and 46 more). The browser checks it
// before it solves a proof of work; the server before the checksum (lib/ledger-address.ts), which
// only it checks.
const LEDGER_LETTER = "[1-9A-HJ-NP-Za-km-z]";
const ADDRESS_SHAPE = new RegExp(`^(?:r${LEDGER_LETTER}{24,34}|[XT]${LEDGER_LETTER}{46})$`);
export const looksLikeAddress = (text: string) => ADDRESS_SHAPE.test(text.trim());

// The signup forms' messages: the web app shows them as a toast's title and description, the server's
// refusal says both as one message, "title - description".
export const EMAIL_REQUIRED = { title: "Email required", description: "Please enter your email address" } as const;
export const ALERT_TYPES_REQUIRED = {
  title: "Select alert types",
  description: "Please select at least one type of alert",
} as const;

// The longest review a visitor can write.
export const REVIEW_MAX = 2000;
