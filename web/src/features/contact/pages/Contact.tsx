// /contact: the site's contact address (when the admin gave one) and a form whose messages reach the
// admin's inbox, with the same proof of work and limit per IP as the other public forms.
import "../../../screens-shared";
import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Page } from "../../../components/Page";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { NetworkFailure } from "../../../components/ui/form-failure";
import { failureToast, toast } from "../../../components/ui/use-toast";
import { T, t } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import { warmProof } from "../../../lib/proof-of-work";
import { useSite } from "../../site";
import { useContact } from "../api";
import { mailtoHref } from "../mailto";

const EMPTY = { name: "", email: "", message: "" };

export default function Contact() {
  const site = useSite().data;
  const contact = useContact();
  const [form, setForm] = useState(EMPTY);
  // what the server said of the message sent: shown in place of the form, which the focus follows
  const [sent, setSent] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent !== null) confirmation.current?.focus();
  }, [sent]);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    contact.mutate(form, {
      onSuccess: (answer) => {
        setForm(EMPTY);
        setSent(answer.message);
        toast({ title: t("contact.toast.sent"), description: answer.message });
      },
      onError: failureToast(t("contact.toast.failed"), (error) => errorText(error) || t("contact.toast.failedText")),
    });
  };
  return (
    <Page title={t("contact.page.title")} intro={t("contact.page.intro")}>
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <div className="space-y-3 text-slate-700">
          {site?.contactEmail ? (
            <p>
              <T
                id="contact.emailUs"
                values={{ email: site.contactEmail }}
                components={{
                  // biome-ignore lint/a11y/useAnchorContent: the message gives the link its text
                  0: <a href={mailtoHref(site.contactEmail)} className="font-medium text-brand-700 underline" />,
                }}
              />
            </p>
          ) : (
            <p>{t("contact.useForm")}</p>
          )}
          <p className="text-sm text-slate-600">{t("contact.neverSecret")}</p>
        </div>
        <Card className="p-6">
          {sent !== null ? (
            <div
              ref={confirmation}
              tabIndex={-1}
              role="status"
              className="space-y-3 rounded-lg bg-green-50 p-4 text-green-900 focus:outline-2 focus:outline-green-700"
            >
              <p className="flex items-center gap-2 font-semibold">
                <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
                {t("contact.sent.title")}
              </p>
              <p className="text-sm">{sent}</p>
              <button
                type="button"
                onClick={() => setSent(null)}
                className={buttonClass({ variant: "outline", size: "sm" })}
              >
                {t("contact.sent.another")}
              </button>
            </div>
          ) : (
            <form onSubmit={submit} onFocus={() => warmProof("contact")} className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id="contact-name"
                  label={t("contact.form.name")}
                  required
                  autoComplete="name"
                  value={form.name}
                  onChange={set("name")}
                />
                <Field
                  id="contact-email"
                  label={t("contact.form.email")}
                  type="email"
                  required
                  autoComplete="email"
                  value={form.email}
                  onChange={set("email")}
                />
              </div>
              <div className="space-y-1.5">
                <label htmlFor="contact-message" className="block text-sm font-medium text-slate-800">
                  {t("contact.form.message")}
                </label>
                <textarea
                  id="contact-message"
                  required
                  rows={5}
                  maxLength={5000}
                  value={form.message}
                  onChange={set("message")}
                  className="block w-full rounded-lg border border-slate-300 bg-white p-3 text-base shadow-sm focus:border-brand-600"
                />
              </div>
              <button type="submit" className={buttonClass()} disabled={contact.isPending}>
                {contact.isPending ? t("contact.form.sending") : t("contact.form.send")}
              </button>
              <NetworkFailure error={contact.error} busy={contact.isPending} />
            </form>
          )}
        </Card>
      </div>
    </Page>
  );
}
