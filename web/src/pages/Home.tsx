import { Link } from "react-router";
import { ArrowRight, Droplet, ShieldCheck } from "lucide-react";
import { buttonClass } from "../components/ui/button";
import { usePageTitle } from "../lib/usePageTitle";

export default function Home() {
  usePageTitle("Free XRP Faucet");
  return (
    <section className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
        <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700">
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          No login or registration required
        </span>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">Get Free XRP Instantly</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-600">
          Enter your XRP wallet address and request free drops. One claim per wallet every 24 hours; our team reviews
          each request and pays within 24 hours.
        </p>
        <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row">
          <Link to="/faucet" className={buttonClass({ size: "lg", className: "rounded-full" })}>
            <Droplet aria-hidden="true" className="h-5 w-5" />
            Get Free XRP
          </Link>
          <Link to="/whitepaper" className={buttonClass({ variant: "outline", size: "lg", className: "rounded-full" })}>
            How It Works
            <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </Link>
        </div>
        <Link to="/faq" className="mt-6 rounded text-sm font-medium text-brand-700 hover:underline">
          Read Security FAQ
        </Link>
      </div>
    </section>
  );
}
