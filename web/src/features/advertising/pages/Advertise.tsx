import "../../../screens-shared";
import { CheckCircle2, Megaphone, Newspaper, PanelsTopLeft } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useAdvertise } from "../api";
import { Page } from "../../../components/Page";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { FormFailure } from "../../../components/ui/form-failure";
import { failureToast, toast } from "../../../components/ui/use-toast";
import { errorText, isNetworkFailure, refusalText } from "../../../lib/errors";
import { warmProof } from "../../../lib/proof-of-work";

const EMPTY = { companyName: "", email: "", website: "", budget: "", message: "" };
const OPTIONS = [
  { icon: PanelsTopLeft, title: "Banner ads", text: "Placements on the blog and faucet pages, seen by every visitor." },
  { icon: Newspaper, title: "Sponsored content", text: "An article on our blog about your project, written with you." },
  { icon: Megaphone, title: "Newsletter features", text: "A featured spot in the newsletter our subscribers read." },
];

export default function Advertise() {
  const [form, setForm] = useState(EMPTY);
  // what was sent, kept on the page once the form clears (the toast goes)
  const [sent, setSent] = useState<{ company: string; email: string; message: string } | null>(null);
  const advertise = useAdvertise();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    advertise.mutate(form, {
      onSuccess: (answer) => {
        setSent({
          company: form.companyName.trim(),
          email: form.email.trim(),
          message: answer?.message ?? "We'll be in touch within 2-3 business days.",
        });
        setForm(EMPTY);
        toast({
          title: "Request Submitted",
          description: answer?.message ?? "We'll be in touch within 2-3 business days.",
        });
      },
      onError: failureToast(
        "Submission Failed",
        (error) => errorText(error) || "Failed to submit your request. Please try again.",
      ),
    });
  };
  return (
    <Page title="Advertise With Us" intro="Reach an engaged audience of XRP holders and crypto newcomers.">
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <div className="space-y-4">
          {OPTIONS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="flex gap-4 p-5">
              <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-600" />
              <div>
                <h2 className="font-bold text-slate-900">{title}</h2>
                <p className="text-slate-600">{text}</p>
              </div>
            </Card>
          ))}
          <p className="text-sm text-slate-600">We reply to every enquiry within 2-3 business days.</p>
        </div>
        <Card className="space-y-4 p-6">
          {sent && (
            <div role="status" className="flex items-start gap-3 rounded-lg bg-green-50 p-4 text-green-900">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <p>
                <strong>Enquiry received{sent.company ? ` from ${sent.company}` : ""}.</strong> {sent.message} We reply
                to <strong className="break-all">{sent.email}</strong>.
              </p>
            </div>
          )}
          <form onSubmit={submit} onFocus={() => warmProof("advertising")} className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="ad-company"
                label="Company name"
                required
                value={form.companyName}
                onChange={set("companyName")}
              />
              <Field
                id="ad-email"
                label="Email"
                type="email"
                required
                autoComplete="email"
                value={form.email}
                onChange={set("email")}
              />
              <Field
                id="ad-website"
                label="Website (optional)"
                type="url"
                placeholder="https://"
                value={form.website}
                onChange={set("website")}
              />
              <Field
                id="ad-budget"
                label="Budget"
                required
                placeholder="e.g. $500-$1,000 a month"
                value={form.budget}
                onChange={set("budget")}
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor="ad-message" className="block text-sm font-medium text-slate-800">
                Message (optional)
              </label>
              <textarea
                id="ad-message"
                rows={4}
                value={form.message}
                onChange={set("message")}
                className="block w-full rounded-lg border border-slate-300 bg-white p-3 text-base shadow-sm focus:border-brand-600"
              />
            </div>
            <button type="submit" className={buttonClass()} disabled={advertise.isPending}>
              {advertise.isPending ? "Sending..." : "Send Enquiry"}
            </button>
            {advertise.error !== null && (
              <FormFailure
                message={refusalText(advertise.error)}
                retry={isNetworkFailure(advertise.error)}
                busy={advertise.isPending}
              />
            )}
          </form>
        </Card>
      </div>
    </Page>
  );
}
