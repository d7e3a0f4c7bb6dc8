import { useEffect, useRef, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { NavLink } from "react-router";
import { LogOut, X } from "lucide-react";
import type { User } from "../api/session";
import { cn } from "../lib/cn";
import { siteLinks } from "./navigation";
import { SoonBadge } from "./SoonBadge";
import { buttonClass } from "./ui/button";
import { t } from "../i18n";
import { LanguageSwitcher } from "../i18n/LanguageSwitcher";

const panelLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center rounded-lg px-3 py-3 text-base font-medium",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100",
  );

type Props = { user: User | null; onClose: () => void; onLogout: () => void; onClaim: () => void };

// The slide-out menu under 768 px: a modal panel that keeps focus inside and closes on Escape.
export function MobileMenu({ user, onClose, onLogout, onClaim }: Props) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>("a, button:not(:disabled)")];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the focus trap listens for Tab and Escape around the dialog; the dialog's own controls take the keys
    <div className="fixed inset-0 z-50 md:hidden" onKeyDown={onKeyDown}>
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        ref={panel}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t("common.menu.title")}
        className="absolute inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl motion-safe:animate-slide-in-right"
      >
        <div className="mb-2 flex items-center justify-between">
          <span className="text-lg font-bold text-slate-900">{t("common.menu.title")}</span>
          <button
            type="button"
            aria-label={t("common.menu.close")}
            onClick={onClose}
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
        <nav aria-label={t("common.nav.mobile")} className="flex flex-col gap-1">
          {siteLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={panelLink} onClick={onClose}>
              {t(link.label)}
              {link.soon && <SoonBadge />}
            </NavLink>
          ))}
          {user ? (
            <>
              <NavLink to={user.isAdmin ? "/admin" : "/dashboard"} className={panelLink} onClick={onClose}>
                {t(user.isAdmin ? "common.account.admin" : "common.account.dashboard")}
              </NavLink>
              <button
                type="button"
                onClick={onLogout}
                className={cn(panelLink({ isActive: false }), "gap-2 text-left")}
              >
                <LogOut aria-hidden="true" className="h-5 w-5" />
                {t("common.account.logout")}
              </button>
            </>
          ) : (
            <NavLink to="/login" className={panelLink} onClick={onClose}>
              {t("common.account.signIn")}
            </NavLink>
          )}
          <button type="button" onClick={onClaim} className={buttonClass({ size: "lg", className: "mt-3 w-full" })}>
            {t("common.claimXrp")}
          </button>
          <LanguageSwitcher className="mt-3" signedIn={Boolean(user)} inline />
        </nav>
      </div>
    </div>,
    document.body,
  );
}
