import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { homeFor, useCurrentUser, type User } from "./api/session";
import { Layout } from "./components/Layout";
import { SPLASH_MS, Splash } from "./components/Splash";
import { PageSpinner } from "./components/Spinner";
import Advertise from "./pages/Advertise";
import Auth from "./pages/Auth";
import Blog from "./pages/Blog";
import BlogPost from "./pages/BlogPost";
import Dashboard from "./pages/Dashboard";
import EarnMore from "./pages/EarnMore";
import Faq from "./pages/Faq";
import Faucet from "./pages/Faucet";
import Home from "./pages/Home";
import NotFound from "./pages/NotFound";
import Reviews from "./pages/Reviews";
import ShoppingRewards from "./pages/ShoppingRewards";
import Whitepaper from "./pages/Whitepaper";

const Admin = lazy(() => import("./pages/Admin"));

function AdminScreen() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Admin />
    </Suspense>
  );
}

function useSplash(ms: number) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return done;
}

// Role rules of spec section 2: who sees what on each route.
function byRole(user: User | null, screens: { visitor: ReactNode; user: ReactNode; admin: ReactNode }) {
  if (!user) return screens.visitor;
  return user.isAdmin ? screens.admin : screens.user;
}

export function App() {
  const splashDone = useSplash(SPLASH_MS);
  const session = useCurrentUser();

  if (!splashDone) return <Splash />;
  if (session.isPending) return <PageSpinner label="Loading your session..." />;

  const user = session.data ?? null;
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
          element={byRole(user, { visitor: <Navigate to="/login" replace />, user: <Dashboard />, admin: <AdminScreen /> })}
        />
        <Route path="admin" element={user?.isAdmin ? <AdminScreen /> : <Navigate to="/" replace />} />
        <Route path="*" element={byRole(user, { visitor: <NotFound />, user: <Dashboard />, admin: <AdminScreen /> })} />
      </Route>
    </Routes>
  );
}
