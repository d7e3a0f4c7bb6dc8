import {
  ArrowRight,
  Award,
  BarChart3,
  Clock,
  Gift,
  History,
  LayoutDashboard,
  Lock,
  ShieldCheck,
  UserX,
  Zap,
} from "lucide-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
// (the faucet's parts from their files: its index also holds what only other screens show)
import { DROPS_PER_XRP } from "../../../src/shared/money";
import { useFaucetStatus } from "../features/faucet/api";
import { HeroClaim } from "../features/faucet/components/HeroClaim";
import { FaucetStatusBadge } from "../features/faucet/components/FaucetStatusBadge";
import { ReviewList, Stars, useReviews } from "../features/reviews";
import { RecentPayouts, usePayoutStats } from "../features/stats";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
// (from its file: the feature's index also holds the article's body, which / never shows)
import { useLatestPosts } from "../features/blog/api";
import { hourUsedUp, timeWords, xrpWords as xrp } from "../lib/budget";
import { useAfterFirstPaint } from "../lib/useAfterFirstPaint";
import { useNearView } from "../lib/useNearView";
import { usePageTitle } from "../lib/usePageTitle";
import { locale, type MessageId, T, t } from "../i18n";
// The signup forms at the bottom of the page come with it: as a chunk of their own, fetched once the
// page had painted, they cost more gzip on / (about 0.8 KiB) than inside the app's. Their proof of
// work still starts on the first focus.
import { EarningAlertsForm, NewsletterForm } from "../features/signups/components/SignupForms";

// The three latest posts (none yet: the blog's link), asked for when the section nears the screen.
function BlogTeaser() {
  const [ref, near] = useNearView<HTMLDivElement>();
  const posts = useLatestPosts(3, near).data;
  if (posts && posts.length === 0)
    return (
      <p className="text-slate-600">
        <T
          id="home.blog.empty"
          components={{ 0: <Link to="/blog" className="font-medium text-brand-700 underline" /> }}
        />
      </p>
    );
  return (
    <div ref={ref} className="grid min-h-40 gap-4 sm:grid-cols-3">
      {posts?.map((post) => (
        <Card key={post.id} className="flex flex-col p-5">
          <h3 className="font-bold text-slate-900">{post.title}</h3>
          <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
          <Link to={`/blog/${post.slug}`} className="mt-3 font-semibold text-brand-700 hover:underline">
            <T
              id="home.blog.readMore"
              values={{ title: post.title }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </Link>
        </Card>
      ))}
    </div>
  );
}

type Feature = {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: MessageId;
  text: MessageId;
};

const FEATURES: Feature[] = [
  {
    icon: Zap,
    title: "home.features.quick.title",
    text: "home.features.quick.text",
  },
  {
    icon: Gift,
    title: "home.features.daily.title",
    text: "home.features.daily.text",
  },
  { icon: UserX, title: "home.features.noLogin.title", text: "home.features.noLogin.text" },
];
const SECURITY: Feature[] = [
  {
    icon: Lock,
    title: "home.security.keys.title",
    text: "home.security.keys.text",
  },
  { icon: ShieldCheck, title: "home.security.people.title", text: "home.security.people.text" },
  {
    icon: Clock,
    title: "home.security.limits.title",
    text: "home.security.limits.text",
  },
];
const BENEFITS: Feature[] = [
  { icon: LayoutDashboard, title: "home.benefits.dashboard.title", text: "home.benefits.dashboard.text" },
  { icon: History, title: "home.benefits.history.title", text: "home.benefits.history.text" },
  { icon: Award, title: "home.benefits.earn.title", text: "home.benefits.earn.text" },
];
const COMING_SOON: MessageId[] = [
  "home.soon.staking",
  "home.soon.referral",
  "home.soon.achievements",
  "home.soon.quests",
];

function FeatureGrid({ items }: { items: Feature[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {items.map(({ icon: Icon, title, text }) => (
        <Card key={title} className="p-6">
          <Icon aria-hidden={true} className="h-8 w-8 text-brand-600" />
          <h3 className="mt-3 text-lg font-bold text-slate-900">{t(title)}</h3>
          <p className="mt-1 text-slate-600">{t(text)}</p>
        </Card>
      ))}
    </div>
  );
}

// Below the first screen: the browser lays a section out and paints it only as it nears the
// viewport (content-visibility), so the first render's layout is the hero's, not the whole page's.
function Section({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section
      className={`mx-auto max-w-6xl px-4 py-12 [contain-intrinsic-size:auto_32rem] [content-visibility:auto] sm:px-6 ${className ?? ""}`}
    >
      <h2 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h2>
      {children}
    </section>
  );
}

// Live figures only: what has been paid, what a request pays and what is left today, from the
// database and the operator's settings (the status is the header badge's, already fetched). (The
// latest payouts are the hero's, beside the claim box.)
function Statistics() {
  const stats = usePayoutStats();
  const status = useFaucetStatus();
  const s = status.data;
  // the day's budget opens an hour at a time: what is left now, and the day's total beneath it
  const lastHour = s?.nextSliceAt === null;
  const figures = [
    { label: t("home.stats.totalPaid"), value: stats.data ? `${xrp(stats.data.totalPayouts)} XRP` : "..." },
    {
      label: t("home.stats.perRequest"),
      value: s ? t("home.stats.range", { min: xrp(Number(s.minAmount)), max: xrp(Number(s.maxAmount)) }) : "...",
    },
    {
      label: lastHour ? t("home.stats.leftToday") : t("home.stats.leftHour"),
      value: s ? `${xrp(s.budgetLeftDrops / DROPS_PER_XRP)} XRP` : "...",
      note: !s
        ? undefined
        : lastHour
          ? t("home.stats.ofToday", { total: xrp(Number(s.budgetTotal)) })
          : hourUsedUp(s) && s.nextSliceAt
            ? t("home.stats.moreAt", { time: timeWords(s.nextSliceAt), total: xrp(Number(s.budgetTotal)) })
            : t("home.stats.moreEveryHour", { total: xrp(Number(s.budgetTotal)) }),
    },
  ];
  return (
    <Section title={t("home.stats.title")}>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <Card key={f.label} className="p-5 text-center">
            <dt className="text-sm text-slate-500">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{f.value}</dd>
            {"note" in f && f.note && <dd className="mt-1 text-sm text-slate-600">{f.note}</dd>}
          </Card>
        ))}
      </dl>
    </Section>
  );
}

const averageFormat = () => new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function ReviewsBlock() {
  const reviews = useReviews();
  const shown = (reviews.data ?? []).slice(0, 6);
  const average = shown.length ? shown.reduce((sum, r) => sum + r.rating, 0) / shown.length : 0;
  return (
    <Section title={t("home.reviews.title")}>
      {shown.length > 0 && (
        <p className="mb-4 flex items-center gap-2 text-slate-700">
          <Stars rating={average} />
          <span>
            <T
              id="home.reviews.average"
              values={{ average: averageFormat().format(average), count: shown.length }}
              components={{ 0: <strong /> }}
            />
          </span>
        </p>
      )}
      <ReviewList limit={6} />
      <Link to="/reviews" className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
        {t("home.reviews.readAll")} <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </Section>
  );
}

// Everything below the first screen, rendered once the first screen has painted.
function BelowTheFold() {
  return (
    <>
      <Section title={t("home.features.title")}>
        <FeatureGrid items={FEATURES} />
      </Section>
      <Section title={t("home.security.title")}>
        <FeatureGrid items={SECURITY} />
      </Section>
      <Section title={t("home.benefits.title")}>
        <FeatureGrid items={BENEFITS} />
        <div className="mt-6">
          <Link to="/register" className={buttonClass()}>
            {t("home.benefits.signUp")}
          </Link>
        </div>
      </Section>
      <Section title={t("home.soon.title")}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {COMING_SOON.map((item) => (
            <li
              key={item}
              className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-center font-medium text-slate-700"
            >
              {t(item)}
            </li>
          ))}
        </ul>
      </Section>
      <Statistics />
      <ReviewsBlock />
      <Section title={t("home.blogSection.title")}>
        <BlogTeaser />
      </Section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-2">
        <NewsletterForm source="homepage" />
        <EarningAlertsForm source="homepage" compact />
      </section>
      <section className="bg-brand-700">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-14 text-center text-white">
          <BarChart3 aria-hidden="true" className="h-10 w-10" />
          <h2 className="mt-3 text-3xl font-bold">{t("home.cta.title")}</h2>
          <p className="mt-2 text-brand-100">{t("home.cta.text")}</p>
          <Link
            to="/faucet"
            className={buttonClass({ variant: "outline", size: "lg", className: "mt-6 rounded-full border-white" })}
          >
            {t("home.cta.button")}
          </Link>
        </div>
      </section>
    </>
  );
}

export default function Home() {
  usePageTitle(t("home.title"));
  const belowTheFold = useAfterFirstPaint();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
          <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            {t("home.hero.badge")}
          </span>
          <h1 className="mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            {t("home.hero.title")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-600">{t("home.hero.text")}</p>
          {/* claim here, without going to /faucet (its proof of work starts when the form is focused); the
              latest payouts beside it on a desktop, under it on a phone (in the page's first render) */}
          <div className="mt-8 grid w-full max-w-xl gap-6 text-left lg:max-w-none lg:grid-cols-2 lg:items-start">
            <div className="space-y-3 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
              <HeroClaim />
            </div>
            <section aria-labelledby="latest-payouts" className="min-w-0">
              <h2 id="latest-payouts" className="mb-3 text-xl font-bold text-slate-900">
                {t("home.hero.latestPayouts")}
              </h2>
              <RecentPayouts limit={5} />
            </section>
          </div>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row">
            <Link
              to="/whitepaper"
              className={buttonClass({ variant: "outline", size: "lg", className: "rounded-full" })}
            >
              {t("home.hero.howItWorks")}
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
          </div>
          <Link to="/faq" className="mt-6 rounded text-sm font-medium text-brand-700 hover:underline">
            {t("home.hero.securityFaq")}
          </Link>
        </div>
      </section>

      {/* (a screen's height held for it until then, so the footer does not move into view and out) */}
      {belowTheFold ? <BelowTheFold /> : <div className="min-h-screen" />}
      <FaucetStatusBadge />
    </>
  );
}
