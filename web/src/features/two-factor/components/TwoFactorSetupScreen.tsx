import { ShieldCheck } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { TwoFactorSection } from "./TwoFactorSection";

// An admin of a server that pays real XRP without two-factor sign-in: every admin call is refused
// (403 TWO_FACTOR_SETUP_REQUIRED) until it is on, so this is all the back office shows.
export function TwoFactorSetupScreen() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin Dashboard</h1>
      <Card className="mt-6 p-5 sm:p-6" role="region" aria-labelledby="setup-two-factor-heading">
        <h2 id="setup-two-factor-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-600" />
          Set up two-factor sign-in
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          This server pays real XRP, so its admins log in with a code from an authenticator app as well as their
          password. Set it up to open the admin screens: a stolen password alone then cannot move the faucet's money.
        </p>
        <div className="mt-4">
          <TwoFactorSection />
        </div>
      </Card>
    </div>
  );
}
