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
