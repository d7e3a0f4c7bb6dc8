import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { DisclaimerBanner } from "./DisclaimerBanner";
import { Footer } from "./Footer";
import { ErrorBoundary } from "./ErrorBoundary";
import { Header } from "./Header";
import { PageSpinner } from "./Spinner";

function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new path: that is its job
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

// The frame of every page: disclaimer, header, the page itself, footer.
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <DisclaimerBanner />
      <Header />
      <main id="main" className="flex-1">
        <ErrorBoundary>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
