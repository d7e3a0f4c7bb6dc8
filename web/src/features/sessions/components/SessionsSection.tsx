// Where the user is signed in (settings page): each session's device, IP and last activity, this
// device's marked, and one used from a network or device it was not created on flagged (a stolen
// cookie shows here); end one (this device's own is a logout) or every other.
import { Laptop, LogOut, Smartphone, AlertTriangle } from "lucide-react";
import { useSessions, useEndOtherSessions, useEndSession } from "../api";
import { errorText } from "../../../lib/errors";
import { formatRelativeTime } from "../../../lib/format";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { FormFailure } from "../../../components/ui/form-failure";
import { locale, T, t } from "../../../i18n";

const phone = (device: string) => /Android|iOS/.test(device);
const fullTime = (iso: string) => new Date(iso).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });

type Session = NonNullable<ReturnType<typeof useSessions>["data"]>[number];

// A device as the server names it ("Chrome on Linux", from src/lib/device-name.ts), in the page's words.
function deviceWords(device: string): string {
  if (device === "Unknown device") return t("settings.sessions.unknownDevice");
  const [, browser, system] = /^(.+) on (.+)$/.exec(device) ?? [];
  return browser && system ? t("settings.sessions.device", { browser, system }) : device;
}

// "Used from another network: 198.51.100.0/24, Firefox on Linux — was created on 203.0.113.0/24,
// Chrome on Windows": what differs from where the session began, and where that was.
function elsewhereText(s: Session): string | null {
  const away = s.elsewhere;
  if (!away) return null;
  const what = away.otherNetwork && away.otherDevice ? "both" : away.otherNetwork ? "network" : "device";
  const there = [away.otherNetwork ? away.network : null, away.otherDevice ? deviceWords(away.device) : null]
    .filter(Boolean)
    .join(", ");
  const began = [
    away.otherNetwork ? (s.network ?? t("settings.sessions.unknownNetwork")) : null,
    away.otherDevice ? deviceWords(s.device) : null,
  ]
    .filter(Boolean)
    .join(", ");
  return t("settings.sessions.elsewhere", { what, there, began });
}

export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();

  if (sessions.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4 text-brand-600" />
        {t("settings.sessions.loading")}
      </p>
    );
  }
  if (sessions.isError)
    return (
      <FormFailure
        message={errorText(sessions.error)}
        retry
        busy={sessions.isFetching}
        onRetry={() => void sessions.refetch()}
      />
    );

  const list = sessions.data;
  const others = list.filter((s) => !s.current).length;
  const failure = end.error ?? endOthers.error;
  return (
    <div className="space-y-4">
      {list.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t("settings.sessions.none")}</p>
      ) : (
        <ul
          aria-label={t("settings.sessions.list")}
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {list.map((s) => {
            const Icon = phone(s.device) ? Smartphone : Laptop;
            return (
              <li key={s.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
                <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-500" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span title={s.userAgent ?? undefined}>{deviceWords(s.device)}</span>
                    {s.current && (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                        {t("settings.sessions.thisDevice")}
                      </span>
                    )}
                  </p>
                  <p className="break-words text-slate-600">
                    <T
                      id={s.lastUsed.ip !== s.ip ? "settings.sessions.lineFrom" : "settings.sessions.line"}
                      values={{
                        ip: s.ip ?? t("settings.sessions.unknownIp"),
                        seen: s.current ? t("settings.sessions.now") : formatRelativeTime(s.lastSeenAt),
                        lastIp: s.lastUsed.ip ?? t("settings.sessions.anUnknownIp"),
                        created: fullTime(s.createdAt),
                      }}
                      components={{
                        0: <time dateTime={s.lastSeenAt} title={fullTime(s.lastSeenAt)} />,
                        1: <time dateTime={s.createdAt} />,
                      }}
                    />
                  </p>
                  {s.elsewhere && (
                    <div className="mt-1 flex items-start gap-1.5 rounded-md bg-amber-50 p-2 text-amber-900">
                      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                      <p>
                        <T
                          id="settings.sessions.elsewhereNote"
                          values={{
                            what: elsewhereText(s),
                            ip: s.elsewhere.ip ?? t("settings.sessions.anUnknownIp"),
                            since: fullTime(s.elsewhere.since),
                          }}
                          components={{
                            0: <strong className="font-semibold" />,
                            1: <time dateTime={s.elsewhere.since} />,
                          }}
                        />
                      </p>
                    </div>
                  )}
                </div>
                <button
                  type="button"
                  className={buttonClass({ variant: "outline", size: "sm" })}
                  disabled={end.isPending}
                  aria-label={
                    s.current
                      ? t("settings.sessions.endCurrent", { device: deviceWords(s.device) })
                      : t("settings.sessions.endOther", {
                          device: deviceWords(s.device),
                          ip: s.ip ?? t("settings.sessions.unknownIpLower"),
                        })
                  }
                  onClick={() => end.mutate(s)}
                >
                  {end.isPending && end.variables?.id === s.id ? (
                    <Spinner />
                  ) : (
                    <LogOut aria-hidden="true" className="h-4 w-4" />
                  )}
                  {t("settings.sessions.end")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {failure && <FormFailure message={errorText(failure)} retry={false} busy={false} />}
      {endOthers.data && (
        <p role="status" className="text-sm font-medium text-green-800">
          {endOthers.data.message}.
        </p>
      )}
      <button
        type="button"
        className={buttonClass({ variant: "outline" })}
        disabled={others === 0 || endOthers.isPending}
        aria-busy={endOthers.isPending}
        onClick={() => {
          end.reset();
          endOthers.mutate();
        }}
      >
        {endOthers.isPending && <Spinner />}
        {t("settings.sessions.endOthers")}
      </button>
      {others === 0 && <p className="text-sm text-slate-600">{t("settings.sessions.onlyThis")}</p>}
    </div>
  );
}
