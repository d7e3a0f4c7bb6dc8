// The back office's frame: a sidebar with one link per section (a slide-out menu under 768 px), the
// count of what waits beside a section's name, and the section's screen beside it; the step-up dialog
// every money action may ask for; the event stream that keeps every screen up to date (live.ts). (An admin who must set up two-factor sign-in first sees only that
// screen: Admin.tsx.)
import * as Dialog from "@radix-ui/react-dialog";
import {
  ArrowLeft,
  DatabaseBackup,
  Droplets,
  Gift,
  Globe,
  Images,
  Inbox,
  LayoutDashboard,
  Mail,
  Megaphone,
  Menu,
  MessageSquare,
  Newspaper,
  PanelsTopLeft,
  ScrollText,
  Settings,
  ShieldBan,
  UserCog,
  Users,
  Wallet,
  X,
  type LucideIcon,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useCounts } from "../../features/back-office";
import { StepUpDialog } from "../../features/two-factor";
import { HealthStrip } from "../../features/at-a-glance/components/HealthStrip";
import { useLiveBackOffice } from "./live";
import { LiveStatus } from "./LiveStatus";

type CountName = "pendingRequests" | "pendingClaims" | "heldReviews" | "newEnquiries" | "unreadMessages";

export const SECTIONS: { to: string; label: string; icon: LucideIcon; count?: CountName; countLabel?: string }[] = [
  { to: "/admin", label: "Overview", icon: LayoutDashboard },
  { to: "/admin/requests", label: "Faucet requests", icon: Droplets, count: "pendingRequests", countLabel: "pending" },
  { to: "/admin/claims", label: "Claims", icon: Gift, count: "pendingClaims", countLabel: "pending" },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/signups", label: "Signups", icon: Mail },
  { to: "/admin/advertising", label: "Advertising", icon: Megaphone, count: "newEnquiries", countLabel: "new" },
  { to: "/admin/reviews", label: "Reviews", icon: MessageSquare, count: "heldReviews", countLabel: "held" },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/posts", label: "Posts", icon: Newspaper },
  { to: "/admin/ads", label: "Ads", icon: PanelsTopLeft },
  { to: "/admin/inbox", label: "Inbox", icon: Inbox, count: "unreadMessages", countLabel: "unread" },
  { to: "/admin/site", label: "Site name and logo", icon: Globe },
  { to: "/admin/uploads", label: "Images", icon: Images },
  { to: "/admin/blocklist", label: "Block list", icon: ShieldBan },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText },
  { to: "/admin/backups", label: "Backups", icon: DatabaseBackup },
  { to: "/admin/wallet", label: "Hot wallet", icon: Wallet },
];

function SectionLinks({ onNavigate }: { onNavigate?: () => void }) {
  const counts = useCounts().data;
  return (
    <ul className="space-y-1">
      {SECTIONS.map(({ to, label, icon: Icon, count, countLabel }) => {
        const n = count && counts ? counts[count] : 0;
        return (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/admin"}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600",
                  isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                )
              }
            >
              <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="flex-1">{label}</span>
              {n > 0 && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {n}
                  <span className="sr-only"> {countLabel}</span>
                </span>
              )}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const live = useLiveBackOffice();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger
              className={buttonClass({ variant: "outline", size: "sm", className: "md:hidden" })}
              aria-label="Open admin menu"
            >
              <Menu aria-hidden="true" className="h-5 w-5" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 md:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl focus:outline-none md:hidden">
                <div className="mb-4 flex items-center justify-between">
                  <Dialog.Title className="text-lg font-bold text-slate-900">Admin sections</Dialog.Title>
                  <Dialog.Close className={buttonClass({ variant: "ghost", size: "sm" })} aria-label="Close admin menu">
                    <X aria-hidden="true" className="h-5 w-5" />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Go to a section of the back office</Dialog.Description>
                <nav aria-label="Admin sections (menu)">
                  <SectionLinks onNavigate={() => setMenuOpen(false)} />
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin Dashboard</h1>
          <LiveStatus {...live} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard/settings" className={buttonClass({ variant: "outline" })}>
            <UserCog aria-hidden="true" className="h-4 w-4" />
            Your account
          </Link>
          <Link to="/" className={buttonClass({ variant: "outline" })}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to Site
          </Link>
        </div>
      </div>
      <HealthStrip />
      <div className="md:flex md:gap-6">
        <nav aria-label="Admin sections" className="hidden w-56 shrink-0 md:block">
          <div className="sticky top-20">
            <SectionLinks />
          </div>
        </nav>
        <div className="min-w-0 flex-1 space-y-6">{children}</div>
      </div>
      <StepUpDialog />
    </div>
  );
}
