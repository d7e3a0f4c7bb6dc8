// /admin/site: the site's name and logo (the header and footer show them) and the contact address
// (the contact page shows it; "Forgot password?" points there when the site sends no email).
import { type FormEvent, useEffect, useState } from "react";
import { Loading, Panel } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { ImageField } from "../../uploads";
import { useSaveSite } from "../admin-api";
import { useSite } from "../api";

export function SiteSettings() {
  const site = useSite();
  const save = useSaveSite();
  const [form, setForm] = useState({ name: "", contactEmail: "", logoUrl: null as string | null });
  useEffect(() => {
    if (site.data)
      setForm({ name: site.data.name, contactEmail: site.data.contactEmail ?? "", logoUrl: site.data.logoUrl });
  }, [site.data]);
  if (!site.data) return <Loading />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: form.name.trim(), contactEmail: form.contactEmail.trim() || null, logoUrl: form.logoUrl });
  };
  return (
    <Panel title="Site name, logo and contact">
      <form onSubmit={submit} className="max-w-xl space-y-4">
        <Field
          id="site-name"
          label="Site name"
          required
          maxLength={60}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <ImageField
          label="Logo (shown beside the name)"
          value={form.logoUrl}
          onChange={(logoUrl) => setForm({ ...form, logoUrl })}
          hint="A square PNG, JPEG or WebP, at most 2 MiB. Without one, the droplet mark shows."
        />
        <Field
          id="site-contact"
          label="Contact address (optional)"
          type="email"
          placeholder="help@example.com"
          value={form.contactEmail}
          onChange={(e) => setForm({ ...form, contactEmail: e.target.value })}
        />
        <p className="text-sm text-slate-600">
          The contact page shows this address beside its form; messages sent with the form arrive in the Inbox. Users
          who forget their password are sent there when the site sends no email.
        </p>
        <button type="submit" className={buttonClass()} disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </button>
      </form>
    </Panel>
  );
}
