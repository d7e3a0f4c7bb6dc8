import type { ReactNode } from "react";
import { PLATFORMS, type Platform } from "../../../../../src/shared/social-bonus";
import { UTC_MOMENT } from "../../../../../src/shared/waits";
import type { SocialPlatform } from "../api";
import { cn } from "../../../lib/cn";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { locale, type MessageId, t } from "../../../i18n";

const HASHTAGS = "XRP,FreeCrypto,Faucet";

// The page everyone is invited to: this site's faucet.
export function shareUrl(): string {
  return `${window.location.origin}/faucet`;
}

// The share dialogs of the three services, each with the faucet's address filled in.
export function shareLink(platform: SocialPlatform, url: string = shareUrl()): string {
  const u = encodeURIComponent(url);
  switch (platform) {
    case "Facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "Twitter":
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(t("earn.share.description"))}&url=${u}&hashtags=${HASHTAGS}`;
    case "LinkedIn":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
  }
}

// Opens the share dialog in a new window; a blocked popup is not an error (the share still counts).
export function openShareWindow(platform: SocialPlatform): void {
  try {
    window.open(shareLink(platform), "_blank", "noopener,noreferrer,width=600,height=600");
  } catch {
    // popup blocked
  }
}

function FacebookIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="currentColor">
      <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.69.24 2.69.24v2.97h-1.51c-1.5 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="currentColor">
      <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.63 7.58H.49l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93Zm-1.29 19.5h2.04L6.48 3.24H4.3l13.31 17.41Z" />
    </svg>
  );
}

function LinkedInIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="currentColor">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z" />
    </svg>
  );
}

// The look of each of the server's platforms (src/shared/social-bonus.ts), shown in that order.
const LOOKS: Record<Platform, { icon: ReactNode; className: string }> = {
  Facebook: { icon: <FacebookIcon />, className: "bg-[#0866FF] hover:bg-[#0759d9]" },
  Twitter: { icon: <XIcon />, className: "bg-slate-900 hover:bg-slate-700" },
  LinkedIn: { icon: <LinkedInIcon />, className: "bg-[#0A66C2] hover:bg-[#084f96]" },
};

// When a platform's bonus can be claimed (null or past: now) and the limit that holds it until then
// (the offer's claimableAt and waitLimit: "platform" for its own week, or one beyond it).
export type BonusWhen = { at: string | null; limit?: string | null };

type Props = {
  onShare: (platform: SocialPlatform) => void;
  busyPlatform?: SocialPlatform | null;
  className?: string;
  // for a logged-in user: when each platform's bonus can be claimed
  availableAt?: Partial<Record<Platform, BonusWhen>>;
};

const HELD_BY: Record<string, MessageId> = {
  account_age: "earn.held.accountAge",
  address: "earn.held.address",
  network: "earn.held.network",
  device: "earn.held.device",
};

// "Nov 30, 14:05" (in UTC, the page's language): when a platform's bonus is claimable again, as the
// server's refusal says it (src/shared/social-bonus.ts).
export const bonusMoment = (at: string | number | Date) =>
  new Intl.DateTimeFormat(locale(), UTC_MOMENT).format(new Date(at));

// "You already claimed the Twitter bonus this week. It is available again on Nov 30, 14:05 UTC."
export const claimedThisWeekText = (platform: string, at: string | number | Date) =>
  t("earn.claimedThisWeek", { platform, when: bonusMoment(at) });

// A platform's bonus state, as its button says it before any share: ready, when it is claimable again
// (its own week), or from when and which limit holds it (the account's age, a weekly limit).
export function bonusState(
  when: BonusWhen | string | null | undefined,
  now = Date.now(),
): { ready: boolean; text: string } {
  const { at, limit } = typeof when === "object" && when !== null ? when : { at: when ?? null, limit: null };
  if (!at || new Date(at).getTime() <= now) return { ready: true, text: t("earn.state.ready") };
  const held = limit ? HELD_BY[limit] : undefined;
  if (!held) return { ready: false, text: t("earn.state.again", { when: bonusMoment(at) }) };
  return { ready: false, text: t("earn.state.held", { when: bonusMoment(at), held: t(held) }) };
}

// Every limit holding a user's bonuses now, each with its date, in the words a claim would be refused
// with: said before anyone shares.
export function BonusWaits({ waits }: { waits: { limit: string; message: string }[] | undefined }) {
  if (!waits || waits.length === 0) return null;
  return (
    <div
      role="note"
      aria-label={t("earn.waits.label")}
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <ul className="space-y-1">
        {waits.map((w) => (
          <li key={w.limit}>{w.message}</li>
        ))}
      </ul>
    </div>
  );
}

// The three "Share on ..." buttons; opening the share window happens inside the click, so browsers allow it.
export function ShareButtons({ onShare, busyPlatform, className, availableAt }: Props) {
  return (
    <div className={cn("grid gap-3 sm:grid-cols-3", className)}>
      {PLATFORMS.map((platform) => {
        const state = availableAt ? bonusState(availableAt[platform]) : null;
        const button = (
          <button
            key={platform}
            type="button"
            onClick={() => {
              openShareWindow(platform);
              onShare(platform);
            }}
            disabled={busyPlatform != null}
            className={buttonClass({ className: cn("w-full text-white", LOOKS[platform].className) })}
          >
            {busyPlatform === platform ? <Spinner /> : LOOKS[platform].icon}
            {t("earn.share.on", { platform })}
          </button>
        );
        if (!state) return <div key={platform}>{button}</div>;
        return (
          <div key={platform} className="flex flex-col gap-1">
            {button}
            <span
              data-testid={`bonus-state-${platform}`}
              className={cn("text-center text-xs font-medium", state.ready ? "text-green-800" : "text-amber-800")}
            >
              {state.text}
            </span>
          </div>
        );
      })}
    </div>
  );
}
