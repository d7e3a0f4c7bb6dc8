import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRight, Award, Droplet, GraduationCap, Lock, PenLine, Sparkles, Users } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { ShareAndEarnCard } from "./ShareAndEarnCard";
import { type MessageId, t } from "../../../i18n";

function LinkCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-200 hover:bg-brand-50/40"
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
      <ArrowRight
        aria-hidden="true"
        className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
      />
    </Link>
  );
}

const COMING_SOON: { name: MessageId; icon: typeof Lock }[] = [
  { name: "earn.preview.staking", icon: Lock },
  { name: "earn.preview.referral", icon: Users },
  { name: "earn.preview.achievements", icon: Award },
  { name: "earn.preview.quests", icon: GraduationCap },
];

// The dashboard's Earn More tab.
export function EarnMoreTab() {
  return (
    <div className="space-y-4">
      <ShareAndEarnCard />
      <div className="grid gap-4 md:grid-cols-2">
        <LinkCard
          to="/faucet"
          icon={<Droplet aria-hidden="true" className="h-5 w-5" />}
          title={t("earn.cards.faucet")}
          text={t("earn.tab.faucetText")}
        />
        <LinkCard
          to="/reviews"
          icon={<PenLine aria-hidden="true" className="h-5 w-5" />}
          title={t("earn.tab.reviews")}
          text={t("earn.tab.reviewsText")}
        />
      </div>
      <Card className="p-5 sm:p-6">
        <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Sparkles aria-hidden="true" className="h-5 w-5 text-amber-500" />
          {t("earn.tab.soon")}
        </h3>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {COMING_SOON.map(({ name, icon: Icon }) => (
            <li
              key={name}
              className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2.5 text-sm font-medium text-slate-700"
            >
              <Icon aria-hidden="true" className="h-4 w-4 text-slate-500" />
              {t(name)}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
