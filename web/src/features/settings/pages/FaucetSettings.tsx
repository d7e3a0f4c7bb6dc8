import { type ChangeEvent, useEffect, useId, useState, type FormEvent } from "react";
import { faucetStatusKey } from "../../faucet/api";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import type { UseQueryResult } from "@tanstack/react-query";
import { api, type Answer } from "../../../api/client";
import type { AdRequest, SettingsChange, Signup } from "../../../api/types";
import { keys, settingsFieldOf, useAdminAction, useAdRequests, useEarningAlertSignups, useNewsletterSignups, useSettings } from "../../back-office/api";
import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { AutoApproveSettings } from "../../auto-approve/components/AutoApproveSettings";
import { BudgetPanel } from "../../faucet/components/BudgetPanel";

// The settings form's fields, named as the server names them (its refusals start with the name).
const SETTINGS_FIELDS = ["dailyLimit", "minAmount", "maxAmount", "ipGrouping", "powDifficulty", "accountsPerHour", "accountsPerDay", "bonusDailyLimit", "bonusMinAccountAgeHours"] as const;
type SettingsField = (typeof SETTINGS_FIELDS)[number];
type SettingsForm = Record<Exclude<SettingsField, "ipGrouping">, string> & { ipGrouping: "address" | "subnet" };

export function FaucetControl() {
  const settings = useSettings();
  const [form, setForm] = useState<SettingsForm>({
    dailyLimit: "",
    minAmount: "",
    maxAmount: "",
    ipGrouping: "subnet",
    powDifficulty: "",
    accountsPerHour: "",
    accountsPerDay: "",
    bonusDailyLimit: "",
    bonusMinAccountAgeHours: "",
  });
  // the server's refusal of a field, under it until the field changes
  const [errors, setErrors] = useState<Partial<Record<SettingsField, string>>>({});
  useEffect(() => {
    const d = settings.data;
    if (d) {
      setForm({
        dailyLimit: d.dailyLimit,
        minAmount: d.minAmount,
        maxAmount: d.maxAmount,
        ipGrouping: d.ipGrouping === "address" ? "address" : "subnet",
        powDifficulty: String(d.powDifficulty ?? ""),
        accountsPerHour: String(d.accountsPerHour ?? ""),
        accountsPerDay: String(d.accountsPerDay ?? ""),
        bonusDailyLimit: d.bonusDailyLimit ?? "",
        bonusMinAccountAgeHours: String(d.bonusMinAccountAgeHours ?? ""),
      });
    }
  }, [settings.data]);
  const save = useAdminAction({
    send: (next: SettingsChange) => api.admin.faucet.settings.post(next),
    refresh: [keys.settings, keys.budget, faucetStatusKey],
    success: (_out, next) => ({ title: "Faucet Updated", description: `Faucet has been successfully ${next.enabled ? "enabled" : "disabled"}.` }),
    failure: "Update Failed",
    handled: (error) => {
      const field = settingsFieldOf(error, SETTINGS_FIELDS);
      if (field && error instanceof Error) setErrors({ [field]: error.message });
      return field !== null;
    },
  });
  if (settings.isPending) return <Panel title="Faucet Control"><Loading /></Panel>;
  if (settings.isError) return <Panel title="Faucet Control"><p role="alert" className="text-red-700">Failed to load faucet settings</p></Panel>;
  const s = settings.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate({ ...form, enabled: s.enabled });
  };
  // a text field of the form: its id, value, change (which clears its error) and error; `hint`: the
  // id of the text that explains it (read after the error)
  const bind = (id: string, name: Exclude<SettingsField, "ipGrouping">, hint?: string) => ({
    id,
    value: form[name],
    ...(hint ? { "aria-describedby": [errors[name] ? `${id}-error` : null, hint].filter(Boolean).join(" ") } : {}),
    error: errors[name] ?? null,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setForm({ ...form, [name]: e.target.value });
      setErrors((all) => ({ ...all, [name]: undefined }));
    },
  });
  // (today's budget and the auto-approve rule's settings follow, in their own panels)
  return (
    <>
    <Panel
      title="Faucet Control"
      actions={
        <label className="inline-flex cursor-pointer items-center gap-3">
          <span className={s.enabled ? "font-semibold text-green-700" : "font-semibold text-red-700"}>{s.enabled ? "Online" : "Offline"}</span>
          <button
            type="button"
            role="switch"
            aria-checked={s.enabled}
            aria-label="Faucet online"
            disabled={save.isPending}
            onClick={() => save.mutate({ dailyLimit: s.dailyLimit, minAmount: s.minAmount, maxAmount: s.maxAmount, enabled: !s.enabled })}
            className={`relative h-7 w-12 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${s.enabled ? "bg-green-600" : "bg-slate-300"}`}
          >
            <span className={`absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-all ${s.enabled ? "left-6" : "left-1"}`} />
          </button>
        </label>
      }
    >
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3 sm:items-start lg:grid-cols-4" noValidate>
        <Field label="Daily limit (XRP)" inputMode="decimal" {...bind("daily-limit", "dailyLimit")} />
        <Field label="Minimum amount (XRP)" inputMode="decimal" {...bind("min-amount", "minAmount")} />
        <Field label="Maximum amount (XRP)" inputMode="decimal" {...bind("max-amount", "maxAmount")} />
        <div className="space-y-1.5">
          <label htmlFor="ip-grouping" className="block text-sm font-medium text-slate-800">Per-IP limits count IPv4</label>
          <select
            id="ip-grouping"
            value={form.ipGrouping}
            aria-invalid={errors.ipGrouping ? true : undefined}
            aria-describedby={errors.ipGrouping ? "ip-grouping-error ip-grouping-hint" : "ip-grouping-hint"}
            onChange={(e) => {
              setForm({ ...form, ipGrouping: e.target.value as "address" | "subnet" });
              setErrors((all) => ({ ...all, ipGrouping: undefined }));
            }}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          >
            <option value="address">each IPv4 address</option>
            <option value="subnet">each IPv4 network (/24)</option>
          </select>
          {errors.ipGrouping && <p id="ip-grouping-error" className="text-sm text-red-700">{errors.ipGrouping}</p>}
          <p id="ip-grouping-hint" className="text-xs text-slate-600">IPv6 always counts by network (/64): one subscriber's block.</p>
        </div>
        <Field label="Anti-bot work (0 = off)" inputMode="numeric" {...bind("pow-difficulty", "powDifficulty", "pow-difficulty-hint")} />
        <Field label="New accounts per hour" inputMode="numeric" {...bind("accounts-per-hour", "accountsPerHour", "accounts-hint")} />
        <Field label="New accounts per day" inputMode="numeric" {...bind("accounts-per-day", "accountsPerDay", "accounts-hint")} />
        <Field label="Bonus budget per day (XRP)" inputMode="decimal" {...bind("bonus-daily-limit", "bonusDailyLimit", "bonus-hint")} />
        <Field label="Bonus account age (hours)" inputMode="numeric" {...bind("bonus-account-age", "bonusMinAccountAgeHours", "bonus-hint")} />
        <button type="submit" className={buttonClass({ className: "h-11 sm:mt-7" })} disabled={save.isPending}>Save settings</button>
      </form>
      <p id="pow-difficulty-hint" className="mt-2 text-sm text-slate-500">
        Anti-bot work is how many key derivations a browser tries before the faucet, reviewer bonus, signup and register forms are
        accepted: 2000 costs a visitor about a third of a second and a bot farm the same for every request. Raise it when bots get
        through.
      </p>
      <p id="accounts-hint" className="mt-1 text-sm text-slate-500">
        New accounts per hour and per day: how many accounts one IP network (as chosen under Per-IP limits count) may register,
        1 to 1000 each; more are refused until the oldest of them is an hour or a day old.
      </p>
      <p id="bonus-hint" className="mt-1 text-sm text-slate-500">
        Bonus budget: what social sharing and reviewer bonuses may pay in a day, released an hour at a time like the daily limit.
        Bonus account age: how old an account must be before it may claim a bonus, 0 to 720 hours (30 days).
      </p>
      <p className="mt-1 text-sm text-slate-500">Last changed {when(s.updatedAt)}.</p>
    </Panel>
    <BudgetPanel />
    <AutoApproveSettings />
    </>
  );
}

function StatusEditor<T extends { id: number; status: string; notes: string | null }>({ item, statuses, onSave, busy }: { item: T; statuses: string[]; onSave: (status: string, notes: string) => void; busy: boolean }) {
  const [status, setStatus] = useState(item.status);
  const [notes, setNotes] = useState(item.notes ?? "");
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`${id}-status`}>Status</label>
      <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)} className="h-9 rounded-lg border border-slate-300 px-2 text-sm">
        {statuses.map((s) => <option key={s}>{s}</option>)}
      </select>
      <label className="sr-only" htmlFor={`${id}-notes`}>Notes</label>
      <input id={`${id}-notes`} placeholder="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} className="h-9 w-36 rounded-lg border border-slate-300 px-2 text-sm" />
      <button type="button" className={buttonClass({ size: "sm" })} disabled={busy} onClick={() => onSave(status, notes)}>Save</button>
    </div>
  );
}

type SignupChange = { id: number; status: string; notes: string };

function SignupList({ title, list, queryKey, send, statuses, success }: { title: string; list: UseQueryResult<Signup[]>; queryKey: string[]; send: (change: SignupChange) => Promise<Answer>; statuses: string[]; success: string }) {
  const update = useAdminAction({
    send,
    refresh: [queryKey],
    success: () => ({ title: success }),
    failure: "Error",
  });
  const rows = list.data ?? [];
  const c = columnsFor<Signup>();
  const columns: Column<Signup>[] = [
    c.display({ id: "email", header: "Email", cell: ({ row: { original: s } }) => s.email }),
    c.display({ id: "name", header: "Name", cell: ({ row: { original: s } }) => s.name ?? "" }),
    c.display({ id: "source", header: "Source", cell: ({ row: { original: s } }) => s.source ?? "" }),
    ...("alertTypes" in (rows[0] ?? {}) ? [c.display({ id: "alerts", header: "Alerts", cell: ({ row: { original: s } }) => ("alertTypes" in s ? (s.alertTypes ?? []).join(", ") : "") })] : []),
    c.display({ id: "status", header: "Status", cell: ({ row: { original: s } }) => <Badge tone="grey">{s.status}</Badge> }),
    c.display({ id: "date", header: "Date", cell: ({ row: { original: s } }) => when(s.createdAt) }),
    c.display({
      id: "edit",
      header: "Change",
      cell: ({ row: { original: s } }) => <StatusEditor item={s} statuses={statuses} busy={update.isPending} onSave={(status, notes) => update.mutate({ id: s.id, status, notes })} />,
    }),
  ];
  return (
    <Panel title={`${title} (${rows.length})`}>
      {list.isPending ? <Loading /> : rows.length === 0 ? <Empty>No signups yet</Empty> : <DataTable label={title} columns={columns} data={rows.slice(0, 200)} rowKey={(s) => s.id} />}
    </Panel>
  );
}

const updateNewsletterSignup = ({ id, status, notes }: SignupChange) => api.admin["newsletter-signups"]({ id }).patch({ status, notes });
const updateAlertSignup = ({ id, status, notes }: SignupChange) => api.admin["earning-alerts-signups"]({ id }).patch({ status, notes });

export function SignupPanels() {
  const newsletter = useNewsletterSignups();
  const alerts = useEarningAlertSignups();
  return (
    <>
      <SignupList title="Newsletter Signups" list={newsletter} queryKey={keys.newsletter} send={updateNewsletterSignup} statuses={["PENDING", "APPROVED", "DENIED", "SUBSCRIBED"]} success="Newsletter signup updated successfully" />
      <SignupList title="Earning Alerts Signups" list={alerts} queryKey={keys.alerts} send={updateAlertSignup} statuses={["PENDING", "APPROVED", "DENIED", "ACTIVE"]} success="Earning alerts signup updated successfully" />
    </>
  );
}

export function AdvertisingPanel() {
  const requests = useAdRequests();
  const update = useAdminAction({
    send: ({ id, status, notes }: { id: number; status: string; notes: string }) => api.admin.advertising({ id }).patch({ status, notes }),
    refresh: [keys.advertising],
    success: () => ({ title: "Request Updated", description: "The advertising request has been updated successfully." }),
    failure: "Update Failed",
  });
  const all = requests.data ?? [];
  const pending = all.filter((r) => r.status === "PENDING");
  const processed = all.filter((r) => r.status !== "PENDING");
  const c = columnsFor<AdRequest>();
  const common: Column<AdRequest>[] = [
    c.display({ id: "company", header: "Company", cell: ({ row: { original: r } }) => r.companyName }),
    c.display({ id: "email", header: "Email", cell: ({ row: { original: r } }) => r.email }),
    c.display({ id: "budget", header: "Budget", cell: ({ row: { original: r } }) => r.budget }),
    c.display({ id: "website", header: "Website", cell: ({ row: { original: r } }) => r.website ?? "" }),
    c.display({ id: "message", header: "Message", cell: ({ row: { original: r } }) => r.message ?? "" }),
    c.display({ id: "date", header: "Received", cell: ({ row: { original: r } }) => when(r.createdAt) }),
  ];
  const edit = c.display({
    id: "edit",
    header: "Change",
    cell: ({ row: { original: r } }) => <StatusEditor item={r} statuses={["PENDING", "CONTACTED", "APPROVED", "REJECTED"]} busy={update.isPending} onSave={(status, notes) => update.mutate({ id: r.id, status, notes })} />,
  });
  const done: Column<AdRequest>[] = [
    c.display({ id: "status", header: "Status", cell: ({ row: { original: r } }) => r.status }),
    c.display({ id: "by", header: "Processed by", cell: ({ row: { original: r } }) => r.adminName ?? "System" }),
    c.display({ id: "processed", header: "Processed", cell: ({ row: { original: r } }) => when(r.processedAt) }),
  ];
  return (
    <Panel title="Advertising Requests">
      {requests.isPending ? (
        <Loading />
      ) : (
        <>
          <h3 className="mb-2 font-semibold text-slate-900">Pending</h3>
          {pending.length === 0 ? <Empty>No pending advertising requests</Empty> : <DataTable label="Pending advertising requests" columns={[...common, edit]} data={pending} rowKey={(r) => r.id} />}
          <h3 className="mt-6 mb-2 font-semibold text-slate-900">Processed</h3>
          {processed.length === 0 ? <Empty>No processed advertising requests</Empty> : <DataTable label="Processed advertising requests" columns={[...common, ...done, edit]} data={processed} rowKey={(r) => r.id} />}
        </>
      )}
    </Panel>
  );
}

export function ShoppingPlaceholder() {
  return (
    <Panel title={<>Shopping Rewards Management <Badge tone="yellow">Coming Soon</Badge></>}>
      <p className="text-slate-600">Partner stores and purchase rewards will be managed here.</p>
    </Panel>
  );
}
