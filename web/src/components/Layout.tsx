import { type ReactNode, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { DisclaimerBanner } from "./DisclaimerBanner";
import { Footer } from "./Footer";
import { ErrorBoundary } from "./ErrorBoundary";
import { Header } from "./Header";
import { PageSpinner } from "./Spinner";
import { t } from "../i18n";

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
    <Frame withFooter>
      <ScrollToTop />
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </Frame>
  );
}

// What shows while the current user loads (App): the disclaimer and the header paint at once, the
// page then comes under them. No footer: painted before the page, it would jump down as the page
// came (tried: layout shift 0.28); the main area holds a screen's height instead.
export function LoadingFrame({ children }: { children: ReactNode }) {
  return <Frame>{children}</Frame>;
}

function Frame({ withFooter = false, children }: { withFooter?: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <DisclaimerBanner />
      <Header />
      <main id="main" className={withFooter ? "flex-1" : "min-h-screen"}>
        {children}
      </main>
      {withFooter && <Footer />}
    </div>
  );
}
