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
import { type MessageId, T, t } from "../../../i18n";
import { errorText, isNetworkFailure, refusalText } from "../../../lib/errors";
import { warmProof } from "../../../lib/proof-of-work";

const EMPTY = { companyName: "", email: "", website: "", budget: "", message: "" };
const OPTIONS: { icon: typeof Megaphone; title: MessageId; text: MessageId }[] = [
  { icon: PanelsTopLeft, title: "advertise.options.banner.title", text: "advertise.options.banner.text" },
  { icon: Newspaper, title: "advertise.options.sponsored.title", text: "advertise.options.sponsored.text" },
  { icon: Megaphone, title: "advertise.options.newsletter.title", text: "advertise.options.newsletter.text" },
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
          message: answer?.message ?? t("advertise.inTouch"),
        });
        setForm(EMPTY);
        toast({
          title: t("advertise.toast.submitted"),
          description: answer?.message ?? t("advertise.inTouch"),
        });
      },
      onError: failureToast(
        t("advertise.toast.failed"),
        (error) => errorText(error) || t("advertise.toast.failedText"),
      ),
    });
  };
  return (
    <Page title={t("advertise.page.title")} intro={t("advertise.page.intro")}>
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <div className="space-y-4">
          {OPTIONS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="flex gap-4 p-5">
              <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-600" />
              <div>
                <h2 className="font-bold text-slate-900">{t(title)}</h2>
                <p className="text-slate-600">{t(text)}</p>
              </div>
            </Card>
          ))}
          <p className="text-sm text-slate-600">{t("advertise.replyTime")}</p>
        </div>
        <Card className="space-y-4 p-6">
          {sent && (
            <div role="status" className="flex items-start gap-3 rounded-lg bg-green-50 p-4 text-green-900">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <p>
                <T
                  id={sent.company ? "advertise.sent.receivedFrom" : "advertise.sent.received"}
                  values={{ company: sent.company, message: sent.message, email: sent.email }}
                  components={{ 0: <strong />, 1: <strong className="break-all" /> }}
                />
              </p>
            </div>
          )}
          <form onSubmit={submit} onFocus={() => warmProof("advertising")} className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="ad-company"
                label={t("advertise.form.company")}
                required
                value={form.companyName}
                onChange={set("companyName")}
              />
              <Field
                id="ad-email"
                label={t("advertise.form.email")}
                type="email"
                required
                autoComplete="email"
                value={form.email}
                onChange={set("email")}
              />
              <Field
                id="ad-website"
                label={t("advertise.form.website")}
                type="url"
                placeholder="https://"
                value={form.website}
                onChange={set("website")}
              />
              <Field
                id="ad-budget"
                label={t("advertise.form.budget")}
                required
                placeholder={t("advertise.form.budgetPlaceholder")}
                value={form.budget}
                onChange={set("budget")}
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor="ad-message" className="block text-sm font-medium text-slate-800">
                {t("advertise.form.message")}
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
              {advertise.isPending ? t("advertise.form.sending") : t("advertise.form.send")}
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
