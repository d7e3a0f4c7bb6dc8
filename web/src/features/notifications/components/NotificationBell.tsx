import { useEffect, useRef, useState } from "react";
import { Bell } from "lucide-react";
import { useNotifications, useMarkRead } from "../api";
import { useCurrentUser } from "../../../api/session";
import { cn } from "../../../lib/cn";
import { formatRelativeTime } from "../../../lib/format";
import { TxHash } from "../../../components/ui/TxHash";
import { t } from "../../../i18n";

// The header's bell for a logged-in user: the unread count (polled every 30 s), and a list of the
// latest notifications. Opening it marks them read; the ones that were unread stay marked "New"
// while it is open.
export function NotificationBell() {
  const { data: user } = useCurrentUser();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  if (!user) return null;
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];

  const toggle = () => {
    if (open) return setOpen(false);
    setFresh(new Set(items.filter((n) => !n.read).map((n) => n.id)));
    setOpen(true);
    if (unread > 0) markRead.mutate(undefined);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        data-testid="notification-bell"
        aria-label={unread > 0 ? t("common.notifications.unread", { count: unread }) : t("common.notifications.label")}
        aria-expanded={open}
        aria-controls="notification-list"
        onClick={toggle}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900 md:h-9 md:w-8"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white tabular-nums"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notification-list"
          className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
            {t("common.notifications.label")}
          </h2>
          {notifications.isError ? (
            <p role="alert" className="px-4 py-6 text-sm text-red-700">
              {t("common.notifications.failed")}
            </p>
          ) : items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">{t("common.notifications.empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((n) => (
                <li
                  key={n.id}
                  data-testid="notification"
                  className={cn("px-4 py-3 text-sm", fresh.has(n.id) && "bg-brand-50")}
                >
                  <p className="text-slate-900">
                    {fresh.has(n.id) && (
                      <span className="mr-1.5 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                        {t("common.notifications.new")}
                      </span>
                    )}
                    {n.message}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                    <time dateTime={n.createdAt}>{formatRelativeTime(n.createdAt)}</time>
                    {n.txHash && <TxHash hash={n.txHash} />}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
