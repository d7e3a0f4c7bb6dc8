import { memo, useDeferredValue, useEffect, useState, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { homeFor, useCurrentUser, type User } from "./api/session";
import { Layout, LoadingFrame } from "./components/Layout";
import { splitLanguagePath } from "../../src/shared/languages";
import { SCREENS, screenOf } from "../../src/shared/routes";
import { SPLASH_FADE_MS, SPLASH_MS, Splash, splashWanted } from "./components/Splash";
import { PageSpinner } from "./components/Spinner";
import { t } from "./i18n";
import { lazyPage } from "./lib/lazyPage";
import Home from "./pages/Home";

// The home page comes with the app; every other screen is its own chunk. The one a visit starts on
// is fetched before anything shows (the splash plays only on /, whose page comes with the app).
// Each screen, the home page too, brings its catalogs when a visit reaches it.
const pages = {
  home: lazyPage(async () => ({ default: Home }), SCREENS.home),
  advertise: lazyPage(() => import("./features/advertising/pages/Advertise"), SCREENS.advertise),
  auth: lazyPage(() => import("./features/account/pages/Auth"), SCREENS.auth),
  blog: lazyPage(() => import("./pages/Blog"), SCREENS.blog),
  blogPost: lazyPage(() => import("./pages/BlogPost"), SCREENS.blogPost),
  contact: lazyPage(() => import("./features/contact/pages/Contact"), SCREENS.contact),
  dashboard: lazyPage(() => import("./features/account/pages/Dashboard"), SCREENS.dashboard),
  earnMore: lazyPage(() => import("./features/social/pages/EarnMore"), SCREENS.earnMore),
  faq: lazyPage(() => import("./pages/Faq"), SCREENS.faq),
  faucet: lazyPage(() => import("./features/faucet/pages/Faucet"), SCREENS.faucet),
  notFound: lazyPage(() => import("./pages/NotFound"), SCREENS.notFound),
  resetPassword: lazyPage(() => import("./features/account/pages/ResetPassword"), SCREENS.resetPassword),
  reviews: lazyPage(() => import("./features/reviews/pages/Reviews"), SCREENS.reviews),
  settings: lazyPage(() => import("./features/account/pages/Settings"), SCREENS.settings),
  shoppingRewards: lazyPage(() => import("./pages/ShoppingRewards"), SCREENS.shoppingRewards),
  whitepaper: lazyPage(() => import("./pages/Whitepaper"), SCREENS.whitepaper),
  admin: lazyPage(() => import("./app/admin/Admin"), SCREENS.admin),
};
const { Component: HomePage } = pages.home;
const { Component: Advertise } = pages.advertise;
const { Component: Auth } = pages.auth;
const { Component: Blog } = pages.blog;
const { Component: BlogPost } = pages.blogPost;
const { Component: Contact } = pages.contact;
const { Component: Dashboard } = pages.dashboard;
const { Component: EarnMore } = pages.earnMore;
const { Component: Faq } = pages.faq;
const { Component: Faucet } = pages.faucet;
const { Component: NotFound } = pages.notFound;
const { Component: ResetPassword } = pages.resetPassword;
const { Component: Reviews } = pages.reviews;
const { Component: Settings } = pages.settings;
const { Component: ShoppingRewards } = pages.shoppingRewards;
const { Component: Whitepaper } = pages.whitepaper;
const { Component: Admin } = pages.admin;

// The screen a path opens, fetched before anything shows (the dashboard and admin routes may show
// another by role: it then loads once the user is known, behind the layout's spinner).
function firstScreen(pathname: string): Promise<unknown> {
  const screen = screenOf(splitLanguagePath(pathname).rest);
  return pages[screen].preload().catch(() => {});
}

// The splash's course on a session's first visit (splashWanted): "on" from the first render,
// "leaving" (fading) for its last SPLASH_FADE_MS, then "off". It never holds the page back.
function useSplash(): "on" | "leaving" | "off" {
  const [phase, setPhase] = useState<"on" | "leaving" | "off">(() => (splashWanted() ? "on" : "off"));
  useEffect(() => {
    if (!splashWanted()) return;
    const fade = setTimeout(() => setPhase("leaving"), SPLASH_MS - SPLASH_FADE_MS);
    const end = setTimeout(() => setPhase("off"), SPLASH_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(end);
    };
  }, []);
  return phase;
}

// True once the chunk of the screen a visit opens is in (or failed: the layout then shows its
// spinner and error boundary), so no spinner flashes before it.
function useFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void firstScreen(window.location.pathname).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

// Role rules of spec section 2: who sees what on each route.
function byRole(user: User | null, screens: { visitor: ReactNode; user: ReactNode; admin: ReactNode }) {
  if (!user) return screens.visitor;
  return user.isAdmin ? screens.admin : screens.user;
}

// The routes, memoised: the splash's steps re-render App, not every screen under it.
const AppRoutes = memo(function AppRoutes({ user }: { user: User | null }) {
  const loggedOutOnly = user ? <Navigate to={homeFor(user)} replace /> : <Auth />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={byRole(user, { visitor: <HomePage />, user: <Dashboard />, admin: <HomePage /> })} />
        <Route path="faucet" element={<Faucet />} />
        <Route path="advertise" element={<Advertise />} />
        <Route path="earn-more" element={<EarnMore />} />
        <Route path="faq" element={<Faq />} />
        <Route path="reviews" element={<Reviews />} />
        <Route path="shopping-rewards" element={<ShoppingRewards />} />
        <Route path="blog" element={<Blog />} />
        <Route path="blog/:slug" element={<BlogPost />} />
        <Route path="whitepaper" element={<Whitepaper />} />
        <Route path="contact" element={<Contact />} />
        <Route path="login" element={loggedOutOnly} />
        <Route path="register" element={loggedOutOnly} />
        <Route
          path="dashboard"
          element={byRole(user, { visitor: <Navigate to="/login" replace />, user: <Dashboard />, admin: <Admin /> })}
        />
        <Route path="dashboard/settings" element={user ? <Settings /> : <Navigate to="/login" replace />} />
        <Route path="reset-password" element={<ResetPassword />} />
        <Route path="admin/*" element={user?.isAdmin ? <Admin /> : <Navigate to="/" replace />} />
        <Route path="*" element={byRole(user, { visitor: <NotFound />, user: <Dashboard />, admin: <Admin /> })} />
      </Route>
    </Routes>
  );
});

export function App() {
  const splash = useSplash();
  const firstScreenIn = useFirstScreen();
  const session = useCurrentUser();
  // The screens render as a transition (useDeferredValue): React builds the page in slices of a few
  // milliseconds between which the browser paints and answers input, instead of one long task.
  const user = useDeferredValue(firstScreenIn && !session.isPending ? (session.data ?? null) : undefined);

  const overlay = splash === "off" ? null : <Splash leaving={splash === "leaving"} />;
  // Nothing shows until the first screen's chunk is in (a moment), then the page's frame (LoadingFrame)
  // around a spinner while the current user loads.
  if (!firstScreenIn) return overlay;
  if (user === undefined)
    return (
      overlay ?? (
        <LoadingFrame>
          <PageSpinner label={t("common.loadingSession")} />
        </LoadingFrame>
      )
    );
  return (
    <>
      {overlay}
      <AppRoutes user={user} />
    </>
  );
}
