import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { LogOut, Menu } from "lucide-react";
import { useCurrentUser, useLogout } from "../api/session";
import { cn } from "../lib/cn";
import { useAfterFirstPaint } from "../lib/useAfterFirstPaint";
import { DEFAULT_SITE_NAME, useSite } from "../features/site";
import { SiteLogo } from "./Logo";
import { siteLinks } from "./navigation";
import { SoonBadge } from "./SoonBadge";
import { buttonClass } from "./ui/button";
import { t } from "../i18n";
import { LanguageSwitcher } from "../i18n/LanguageSwitcher";

// The bell is for logged-in users only: its code loads with the first logged-in page, never with a
// visitor's home page.
const NotificationBell = lazy(() => import("../features/notifications").then((m) => ({ default: m.NotificationBell })));
// The phone menu's panel loads when it is first opened (fetching starts as its button is pressed): a
// visitor who never opens it never downloads it.
const loadMobileMenu = () => import("./MobileMenu");
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
const DESKTOP = "(min-width: 768px)";
const subscribeDesktop = (change: () => void) => {
  const query = window.matchMedia(DESKTOP);
  query.addEventListener("change", change);
  return () => query.removeEventListener("change", change);
};
// One bell at a time: beside the account links from 768 px (the site links have a row of their own
// there, in every language), beside the menu button below.
const useDesktop = () => useSyncExternalStore(subscribeDesktop, () => window.matchMedia(DESKTOP).matches);
const bell = (
  <Suspense fallback={null}>
    <NotificationBell />
  </Suspense>
);

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex items-center rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const site = useSite().data;
  const logout = useLogout();
  const desktop = useDesktop();
  // (the bell's code and its unread count come once the page has painted)
  const painted = useAfterFirstPaint();

  useEffect(() => {
    const desktop = window.matchMedia("(min-width: 768px)");
    const closeOnDesktop = () => desktop.matches && setMenuOpen(false);
    desktop.addEventListener("change", closeOnDesktop);
    return () => desktop.removeEventListener("change", closeOnDesktop);
  }, []);

  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
        <Link to="/" className="mr-auto flex items-center gap-2 rounded-md text-lg font-bold text-slate-900">
          <SiteLogo src={site?.logoUrl} />
          <span>{site?.name ?? DEFAULT_SITE_NAME}</span>
        </Link>

        <nav
          aria-label={t("common.nav.main")}
          className="hidden md:order-last md:-mx-2.5 md:flex md:w-full md:flex-wrap md:items-center md:gap-1"
        >
          {siteLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={desktopLink}>
              {t(link.label)}
              {link.soon && <SoonBadge />}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-1 md:flex">
          {user ? (
            <>
              {desktop && painted && bell}
              <NavLink to={user.isAdmin ? "/admin" : "/dashboard"} className={desktopLink}>
                {t(user.isAdmin ? "common.account.admin" : "common.account.dashboard")}
              </NavLink>
              <button
                type="button"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
                data-testid="header-logout"
                className={cn(desktopLink({ isActive: false }), "gap-1.5")}
              >
                <LogOut aria-hidden="true" className="h-4 w-4" />
                {t("common.account.logout")}
              </button>
            </>
          ) : (
            <NavLink to="/login" className={desktopLink}>
              {t("common.account.signIn")}
            </NavLink>
          )}
          <button
            type="button"
            onClick={() => navigate("/faucet")}
            className={buttonClass({ size: "sm", className: "ml-1" })}
          >
            {t("common.claimXrp")}
          </button>
          <LanguageSwitcher className="ml-1" signedIn={Boolean(user)} />
        </div>

        {user && !desktop && painted && bell}

        <button
          ref={menuButton}
          type="button"
          aria-label={t("common.menu.open")}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onPointerDown={() => void loadMobileMenu()}
          onClick={() => setMenuOpen(true)}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
        >
          <Menu aria-hidden="true" className="h-6 w-6" />
        </button>
      </div>

      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu
            user={user ?? null}
            onClose={closeMenu}
            onLogout={() => {
              setMenuOpen(false);
              logout.mutate();
            }}
            onClaim={() => {
              setMenuOpen(false);
              navigate("/faucet");
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
