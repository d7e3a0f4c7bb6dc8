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

// The screen a path opens first, by the name of its page's module (web/src/**/pages/<Name>.tsx, a
// chunk of its own): the app fetches it before showing anything (web/src/App.tsx), and the server
// names its files in the page so that the browser fetches them with the app, not after it
// (src/http/web-assets.ts). Null for the home page, which comes with the app. The dashboard and admin
// paths may show another screen by role: that one loads once the user is known.
export function firstScreenOf(pathname: string): string | null {
  const [, first = "", rest] = pathname.split("/");
  if (!first) return null;
  const screens: Record<string, string> = {
    advertise: "Advertise",
    login: "Auth",
    register: "Auth",
    blog: rest ? "BlogPost" : "Blog",
    contact: "Contact",
    dashboard: rest === "settings" ? "Settings" : "Dashboard",
    "reset-password": "ResetPassword",
    "earn-more": "EarnMore",
    faq: "Faq",
    faucet: "Faucet",
    reviews: "Reviews",
    "shopping-rewards": "ShoppingRewards",
    whitepaper: "Whitepaper",
    admin: "Admin",
  };
  return (isAppPath(pathname) && screens[first]) || "NotFound";
}
