import { memo, useEffect, useState, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { homeFor, useCurrentUser, type User } from "./api/session";
import { Layout } from "./components/Layout";
import { isAppPath } from "../../src/shared/routes";
import { SPLASH_MS, Splash, splashWanted } from "./components/Splash";
import { PageSpinner } from "./components/Spinner";
import { lazyPage } from "./lib/lazyPage";
import Home from "./pages/Home";

// The home page comes with the app; every other screen is its own chunk. The one a visit starts on
// is fetched while the splash runs, and the splash waits for it, so no spinner flashes after it.
const pages = {
  advertise: lazyPage(() => import("./pages/Advertise")),
  auth: lazyPage(() => import("./pages/Auth")),
  blog: lazyPage(() => import("./pages/Blog")),
  blogPost: lazyPage(() => import("./pages/BlogPost")),
  dashboard: lazyPage(() => import("./pages/Dashboard")),
  earnMore: lazyPage(() => import("./pages/EarnMore")),
  faq: lazyPage(() => import("./pages/Faq")),
  faucet: lazyPage(() => import("./pages/Faucet")),
  notFound: lazyPage(() => import("./pages/NotFound")),
  resetPassword: lazyPage(() => import("./pages/ResetPassword")),
  reviews: lazyPage(() => import("./pages/Reviews")),
  settings: lazyPage(() => import("./pages/Settings")),
  shoppingRewards: lazyPage(() => import("./pages/ShoppingRewards")),
  whitepaper: lazyPage(() => import("./pages/Whitepaper")),
  admin: lazyPage(() => import("./pages/Admin")),
};
const { Component: Advertise } = pages.advertise;
const { Component: Auth } = pages.auth;
const { Component: Blog } = pages.blog;
const { Component: BlogPost } = pages.blogPost;
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

// The screen a path opens (the dashboard and admin routes may show another by role: they then load
// after the splash, behind the layout's spinner).
function firstScreen(path: string): Promise<unknown> {
  const [, first = "", rest] = path.split("/");
  const byPath: Record<string, { preload: () => Promise<unknown> }> = {
    advertise: pages.advertise,
    login: pages.auth,
    register: pages.auth,
    blog: rest ? pages.blogPost : pages.blog,
    dashboard: rest === "settings" ? pages.settings : pages.dashboard,
    "reset-password": pages.resetPassword,
    "earn-more": pages.earnMore,
    faq: pages.faq,
    faucet: pages.faucet,
    reviews: pages.reviews,
    "shopping-rewards": pages.shoppingRewards,
    whitepaper: pages.whitepaper,
    admin: pages.admin,
  };
  if (!first) return Promise.resolve();
  return (isAppPath(path) ? (byPath[first] ?? pages.notFound) : pages.notFound).preload().catch(() => {});
}

// Done when the splash's time is up (when it plays: splashWanted) and the first screen's chunk is in
// (or failed: the layout then shows its spinner and error boundary).
function useSplash(ms: number) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    const timeUp = splashWanted() ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
    void Promise.all([timeUp, firstScreen(window.location.pathname)]).then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, [ms]);
  return done;
}

// Role rules of spec section 2: who sees what on each route.
function byRole(user: User | null, screens: { visitor: ReactNode; user: ReactNode; admin: ReactNode }) {
  if (!user) return screens.visitor;
  return user.isAdmin ? screens.admin : screens.user;
}

// The routes, memoised: the splash lifting re-renders App, not every screen under it.
const AppRoutes = memo(function AppRoutes({ user }: { user: User | null }) {
  const loggedOutOnly = user ? <Navigate to={homeFor(user)} replace /> : <Auth />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={byRole(user, { visitor: <Home />, user: <Dashboard />, admin: <Home /> })} />
        <Route path="faucet" element={<Faucet />} />
        <Route path="advertise" element={<Advertise />} />
        <Route path="earn-more" element={<EarnMore />} />
        <Route path="faq" element={<Faq />} />
        <Route path="reviews" element={<Reviews />} />
        <Route path="shopping-rewards" element={<ShoppingRewards />} />
        <Route path="blog" element={<Blog />} />
        <Route path="blog/:slug" element={<BlogPost />} />
        <Route path="whitepaper" element={<Whitepaper />} />
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
  const splashDone = useSplash(SPLASH_MS);
  const session = useCurrentUser();

  // Without the splash, nothing shows until the first screen's chunk is in (a moment), so no spinner
  // flashes before it. With it, the page renders under the splash (inert), ready when it lifts.
  if (!splashDone && !splashWanted()) return null;
  const splash = splashDone ? null : <Splash />;
  if (session.isPending) return splash ?? <PageSpinner label="Loading your session..." />;

  const user = session.data ?? null;
  return (
    <>
      {splash}
      <div inert={!splashDone}>
        <AppRoutes user={user} />
      </div>
    </>
  );
}
