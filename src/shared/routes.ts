// The web app's pages, for the server and the browser alike: the server answers any other path with
// HTTP 404 (still the app's HTML, which shows its not-found page), and web/src/App.tsx routes these.
// `:name` matches one path segment, a final `*` any rest (none included). A new page adds its path here (src/http/app-paths.test.ts checks App.tsx).
// Constants only, importing nothing (it is bundled into the browser as it is).
export const APP_PATHS: readonly string[] = [
  "/",
  "/faucet",
  "/advertise",
  "/earn-more",
  "/faq",
  "/reviews",
  "/shopping-rewards",
  "/blog",
  "/blog/:slug",
  "/whitepaper",
  "/contact",
  "/login",
  "/register",
  "/reset-password",
  "/dashboard",
  "/dashboard/settings",
  "/admin/*",
];

const patterns = APP_PATHS.map((path) => path.split("/").slice(1));

// Whether a URL path is one of the app's pages (a trailing slash allowed).
export function isAppPath(pathname: string): boolean {
  const parts = (pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname).split("/").slice(1);
  return patterns.some((pattern) => {
    const rest = pattern.at(-1) === "*";
    const fixed = rest ? pattern.slice(0, -1) : pattern;
    if (rest ? parts.length < fixed.length : parts.length !== fixed.length) return false;
    return fixed.every((part, i) => (part.startsWith(":") ? parts[i] !== "" : part === parts[i]));
  });
}

// The screens of the app (web/src/App.tsx loads each in its own chunk) with the catalogs each speaks
// with besides the frame's (`common`): the page fetches them with the screen, and the server has the
// browser fetch a first visit's at once (<link rel="modulepreload">).
export const SCREENS = {
  home: ["home", "claim", "signups", "reviews"],
  advertise: ["advertise"],
  auth: ["auth"],
  blog: ["blog"],
  blogPost: ["blog"],
  contact: ["contact"],
  dashboard: ["dashboard", "claim", "earn"],
  earnMore: ["earn"],
  faq: ["faq"],
  faucet: ["faucet", "claim", "signups"],
  notFound: [],
  resetPassword: ["auth"],
  reviews: ["reviews", "claim"],
  settings: ["settings", "auth"],
  shoppingRewards: ["shopping"],
  whitepaper: ["whitepaper"],
  // (the back office stays in English for now; its two-factor setup and step-up speak the settings
  // page's words, its budget figures the faucet page's)
  admin: ["settings", "faucet", "claim"],
} as const;
export type Screen = keyof typeof SCREENS;

const SCREEN_OF_FIRST_PART: Record<string, Screen> = {
  advertise: "advertise",
  login: "auth",
  register: "auth",
  contact: "contact",
  "reset-password": "resetPassword",
  "earn-more": "earnMore",
  faq: "faq",
  faucet: "faucet",
  reviews: "reviews",
  "shopping-rewards": "shoppingRewards",
  whitepaper: "whitepaper",
  admin: "admin",
};

// The screen a path (without its language prefix) opens; the dashboard and admin paths may show
// another by role once the user is known.
export function screenOf(path: string): Screen {
  const [, first = "", rest] = path.split("/");
  if (!first) return "home";
  if (!isAppPath(path)) return "notFound";
  if (first === "blog") return rest ? "blogPost" : "blog";
  if (first === "dashboard") return rest === "settings" ? "settings" : "dashboard";
  return SCREEN_OF_FIRST_PART[first] ?? "notFound";
}
