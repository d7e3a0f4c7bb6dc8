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
import { plural } from "../../../src/shared/words";
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
        News and guides will appear on the{" "}
        <Link to="/blog" className="font-medium text-brand-700 underline">
          blog
        </Link>
        .
      </p>
    );
  return (
    <div ref={ref} className="grid min-h-40 gap-4 sm:grid-cols-3">
      {posts?.map((post) => (
        <Card key={post.id} className="flex flex-col p-5">
          <h3 className="font-bold text-slate-900">{post.title}</h3>
          <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
          <Link to={`/blog/${post.slug}`} className="mt-3 font-semibold text-brand-700 hover:underline">
            Read More<span className="sr-only"> about {post.title}</span>
          </Link>
        </Card>
      ))}
    </div>
  );
}

type Feature = { icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>; title: string; text: string };

const FEATURES: Feature[] = [
  {
    icon: Zap,
    title: "Quick Payouts",
    text: "Requests are reviewed and paid on the XRP Ledger, usually well within 24 hours.",
  },
  {
    icon: Gift,
    title: "Daily Rewards",
    text: "Claim once every 24 hours per wallet, and build a streak with a free account.",
  },
  { icon: UserX, title: "No Login Required", text: "All you need is your XRP address. No sign-up, no email, no app." },
];
const SECURITY: Feature[] = [
  {
    icon: Lock,
    title: "We never ask for your keys",
    text: "Only your public address. Never your secret key or recovery phrase.",
  },
  { icon: ShieldCheck, title: "Reviewed by people", text: "Every request is checked by our team before it is paid." },
  {
    icon: Clock,
    title: "Fair limits",
    text: "Limits per address, network and device keep the faucet fair for everyone.",
  },
];
const BENEFITS: Feature[] = [
  { icon: LayoutDashboard, title: "Personal Dashboard", text: "Your points, streak and owed rewards in one place." },
  { icon: History, title: "Request History", text: "Every request with its status and transaction hash." },
  { icon: Award, title: "Earn More Opportunities", text: "Bonuses for sharing and for reviews, and more to come." },
];
const COMING_SOON = ["Staking Rewards", "Referral Program", "Achievement System", "Educational Quests"];

function FeatureGrid({ items }: { items: Feature[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {items.map(({ icon: Icon, title, text }) => (
        <Card key={title} className="p-6">
          <Icon aria-hidden={true} className="h-8 w-8 text-brand-600" />
          <h3 className="mt-3 text-lg font-bold text-slate-900">{title}</h3>
          <p className="mt-1 text-slate-600">{text}</p>
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
    { label: "Total Paid Out", value: stats.data ? `${xrp(stats.data.totalPayouts)} XRP` : "..." },
    { label: "Per Request", value: s ? `${xrp(Number(s.minAmount))}-${xrp(Number(s.maxAmount))} XRP` : "..." },
    {
      label: lastHour ? "Left Today" : "Left This Hour",
      value: s ? `${xrp(s.budgetLeftDrops / DROPS_PER_XRP)} XRP` : "...",
      note: !s
        ? undefined
        : lastHour
          ? `of ${xrp(Number(s.budgetTotal))} XRP today`
          : hourUsedUp(s) && s.nextSliceAt
            ? `more at ${timeWords(s.nextSliceAt)}, until ${xrp(Number(s.budgetTotal))} XRP a day`
            : `more every hour until ${xrp(Number(s.budgetTotal))} XRP a day`,
    },
  ];
  return (
    <Section title="Faucet Statistics">
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

function ReviewsBlock() {
  const reviews = useReviews();
  const shown = (reviews.data ?? []).slice(0, 6);
  const average = shown.length ? shown.reduce((sum, r) => sum + r.rating, 0) / shown.length : 0;
  return (
    <Section title="What Our Users Say">
      {shown.length > 0 && (
        <p className="mb-4 flex items-center gap-2 text-slate-700">
          <Stars rating={average} />
          <span>
            <strong>{average.toFixed(1)}</strong> average from {plural(shown.length, "review")}
          </span>
        </p>
      )}
      <ReviewList limit={6} />
      <Link to="/reviews" className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
        Read all reviews and write yours <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </Section>
  );
}

// Everything below the first screen, rendered once the first screen has painted.
function BelowTheFold() {
  return (
    <>
      <Section title="Why Use Our Faucet">
        <FeatureGrid items={FEATURES} />
      </Section>
      <Section title="Security & Privacy">
        <FeatureGrid items={SECURITY} />
      </Section>
      <Section title="Free Account Benefits">
        <FeatureGrid items={BENEFITS} />
        <div className="mt-6">
          <Link to="/register" className={buttonClass()}>
            Sign Up Free
          </Link>
        </div>
      </Section>
      <Section title="Coming Soon">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {COMING_SOON.map((item) => (
            <li
              key={item}
              className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-center font-medium text-slate-700"
            >
              {item}
            </li>
          ))}
        </ul>
      </Section>
      <Statistics />
      <ReviewsBlock />
      <Section title="From the Blog">
        <BlogTeaser />
      </Section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-2">
        <NewsletterForm source="homepage" />
        <EarningAlertsForm source="homepage" compact />
      </section>
      <section className="bg-brand-700">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-14 text-center text-white">
          <BarChart3 aria-hidden="true" className="h-10 w-10" />
          <h2 className="mt-3 text-3xl font-bold">Ready for your first drop?</h2>
          <p className="mt-2 text-brand-100">It takes ten seconds and your wallet address.</p>
          <Link
            to="/faucet"
            className={buttonClass({ variant: "outline", size: "lg", className: "mt-6 rounded-full border-white" })}
          >
            Claim XRP Now
          </Link>
        </div>
      </section>
    </>
  );
}

export default function Home() {
  usePageTitle("Free XRP Faucet");
  const belowTheFold = useAfterFirstPaint();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
          <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            No login or registration required
          </span>
          <h1 className="mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            Request Free XRP, Paid After Review
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-600">
            Enter your XRP wallet address and request free XRP. One claim per wallet every 24 hours; our team reviews
            each request and pays within 24 hours.
          </p>
          {/* claim here, without going to /faucet (its proof of work starts when the form is focused); the
              latest payouts beside it on a desktop, under it on a phone (in the page's first render) */}
          <div className="mt-8 grid w-full max-w-xl gap-6 text-left lg:max-w-none lg:grid-cols-2 lg:items-start">
            <div className="space-y-3 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
              <HeroClaim />
            </div>
            <section aria-labelledby="latest-payouts" className="min-w-0">
              <h2 id="latest-payouts" className="mb-3 text-xl font-bold text-slate-900">
                Latest payouts
              </h2>
              <RecentPayouts limit={5} />
            </section>
          </div>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row">
            <Link
              to="/whitepaper"
              className={buttonClass({ variant: "outline", size: "lg", className: "rounded-full" })}
            >
              How It Works
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
          </div>
          <Link to="/faq" className="mt-6 rounded text-sm font-medium text-brand-700 hover:underline">
            Read Security FAQ
          </Link>
        </div>
      </section>

      {/* (a screen's height held for it until then, so the footer does not move into view and out) */}
      {belowTheFold ? <BelowTheFold /> : <div className="min-h-screen" />}
      <FaucetStatusBadge />
    </>
  );
}
