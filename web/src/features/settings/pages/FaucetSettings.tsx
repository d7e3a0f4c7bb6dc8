// /admin/settings: the faucet's settings form and its online switch.
import { type ChangeEvent, type FormEvent, useEffect, useState } from "react";
import { useAdminAction } from "../../../api/admin";
import { api } from "../../../api/client";
import { Loading, Panel, when } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { budgetKey, faucetStatusKey } from "../../faucet";
import { type SettingsChange, settingsFieldOf, settingsKey, useSettings } from "../api";
import { fieldWords } from "../../../components/admin/words";
import { settingsChanges } from "../../../../../src/shared/settings-words";
import { CeilingNote, healthKey, useHealth } from "../../at-a-glance";
import { type ChangePlan, ConfirmChangeDialog, undoToast } from "../../../components/admin/dialogs";
import { ceilingWarnings, confirmation, settingsAfter, undoChange } from "../changes";

// What visitors see when the switch is turned, for its confirmation.
const SWITCH_MEANS = {
  off: "Visitors see “The faucet is offline” and every new request is refused until you put it online again.",
  on: "Visitors can request XRP again, within the daily limit.",
};

// A save, and whether it was confirmed (its toast then offers Undo, which saves the values before it).
type Save = { body: SettingsChange; confirmed?: boolean };

// The toast after saving names what changed: the online switch alone in the spec's words, anything
// else as "Daily limit (XRP): 100 → 200".
export function savedToast(
  changes: { field: string; label: string; before: string; after: string }[],
  enabled: boolean,
) {
  if (changes.length === 1 && changes[0]!.field === "enabled")
    return {
      title: "Faucet Updated",
      description: `Faucet has been successfully ${enabled ? "enabled" : "disabled"}.`,
    };
  if (changes.length === 0)
    return { title: "Settings saved", description: "Nothing changed: the values were already these." };
  return {
    title: "Settings saved",
    description: changes.map((c) => `${c.label}: ${c.before} → ${c.after}`).join("; "),
  };
}

// The settings form's fields, named as the server names them (its refusals start with the name).
const SETTINGS_FIELDS = [
  "dailyLimit",
  "minAmount",
  "maxAmount",
  "ipGrouping",
  "powDifficulty",
  "accountsPerHour",
  "accountsPerDay",
  "bonusDailyLimit",
  "bonusMinAccountAgeHours",
] as const;

type SettingsField = (typeof SETTINGS_FIELDS)[number];

type SettingsForm = Record<Exclude<SettingsField, "ipGrouping">, string> & { ipGrouping: "address" | "subnet" };

export function FaucetControl() {
  const settings = useSettings();
  const ceiling = useHealth().data?.ceiling;
  const [confirm, setConfirm] = useState<ChangePlan | null>(null);
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
    send: ({ body }: Save) => api.admin.faucet.settings.post(body),
    refresh: [settingsKey, budgetKey, faucetStatusKey, healthKey],
    success: (out, { confirmed }) => {
      const before = settings.data;
      const changes = before ? settingsChanges(before, out) : [];
      return {
        ...savedToast(changes, out.enabled),
        ...(confirmed && before && changes.length > 0
          ? undoToast("set the settings back", () => save.mutate({ body: undoChange(before, changes) }))
          : {}),
      };
    },
    failure: "Update Failed",
    handled: (error) => {
      const field = settingsFieldOf(error, SETTINGS_FIELDS);
      if (field && error instanceof Error) setErrors({ [field]: fieldWords(error.message) });
      return field !== null;
    },
  });
  if (settings.isPending)
    return (
      <Panel title="Faucet Control">
        <Loading />
      </Panel>
    );
  if (settings.isError)
    return (
      <Panel title="Faucet Control">
        <p role="alert" className="text-red-700">
          Failed to load faucet settings
        </p>
      </Panel>
    );
  const s = settings.data;
  // a save that loosens a limit or raises a budget is confirmed first, with the ceiling it would pass
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = { ...form, enabled: s.enabled };
    const plan = confirmation(s, body, ceiling, {
      title: "Save these settings?",
      confirmLabel: "Save settings",
      run: () => save.mutate({ body, confirmed: true }),
    });
    if (plan) setConfirm(plan);
    else save.mutate({ body });
  };
  const typed = settingsAfter(s, form);
  const passes = settingsChanges(s, typed).length > 0 ? ceilingWarnings(ceiling, typed) : [];
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
  // (today's budgets and the auto-approve rule's settings follow on the page, in their own panels)
  return (
    <Panel
      title="Faucet Control"
      actions={
        <label className="inline-flex cursor-pointer items-center gap-3">
          <span className={s.enabled ? "font-semibold text-green-700" : "font-semibold text-red-700"}>
            {s.enabled ? "Online" : "Offline"}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={s.enabled}
            aria-label="Faucet online"
            disabled={save.isPending}
            onClick={() =>
              setConfirm({
                title: s.enabled ? "Take the faucet offline?" : "Put the faucet online?",
                confirmLabel: s.enabled ? "Take offline" : "Put online",
                changes: [
                  {
                    label: "Faucet online",
                    before: s.enabled ? "yes" : "no",
                    after: s.enabled ? "no" : "yes",
                    means: s.enabled ? SWITCH_MEANS.off : SWITCH_MEANS.on,
                  },
                ],
                run: () => save.mutate({ body: { enabled: !s.enabled }, confirmed: true }),
              })
            }
            className={`relative h-7 w-12 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${s.enabled ? "bg-green-600" : "bg-slate-300"}`}
          >
            <span
              className={`absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-all ${s.enabled ? "left-6" : "left-1"}`}
            />
          </button>
        </label>
      }
    >
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3 sm:items-start lg:grid-cols-4" noValidate>
        <Field
          label="Daily limit (XRP)"
          inputMode="decimal"
          {...bind("daily-limit", "dailyLimit", passes.length > 0 ? "typed-ceiling" : undefined)}
        />
        <Field label="Minimum amount (XRP)" inputMode="decimal" {...bind("min-amount", "minAmount")} />
        <Field label="Maximum amount (XRP)" inputMode="decimal" {...bind("max-amount", "maxAmount")} />
        <div className="space-y-1.5">
          <label htmlFor="ip-grouping" className="block text-sm font-medium text-slate-800">
            Per-IP limits count IPv4
          </label>
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
          {errors.ipGrouping && (
            <p id="ip-grouping-error" className="text-sm text-red-700">
              {errors.ipGrouping}
            </p>
          )}
          <p id="ip-grouping-hint" className="text-xs text-slate-600">
            IPv6 always counts by network (/64): one subscriber's block.
          </p>
        </div>
        <Field
          label="Anti-bot work (0 = off)"
          inputMode="numeric"
          {...bind("pow-difficulty", "powDifficulty", "pow-difficulty-hint")}
        />
        <Field
          label="New accounts per hour"
          inputMode="numeric"
          {...bind("accounts-per-hour", "accountsPerHour", "accounts-hint")}
        />
        <Field
          label="New accounts per day"
          inputMode="numeric"
          {...bind("accounts-per-day", "accountsPerDay", "accounts-hint")}
        />
        <Field
          label="Bonus budget per day (XRP)"
          inputMode="decimal"
          {...bind("bonus-daily-limit", "bonusDailyLimit", "bonus-hint")}
        />
        <Field
          label="Bonus account age (hours)"
          inputMode="numeric"
          {...bind("bonus-account-age", "bonusMinAccountAgeHours", "bonus-hint")}
        />
        <button type="submit" className={buttonClass({ className: "h-11 sm:mt-7" })} disabled={save.isPending}>
          Save settings
        </button>
      </form>
      {/* the server's ceiling beside budgets typed past it, before they are saved */}
      {passes.length > 0 && (
        <div id="typed-ceiling" className="mt-3 space-y-2">
          {passes.map((warning) => (
            <p key={warning} className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
              {warning}
            </p>
          ))}
        </div>
      )}
      <p id="pow-difficulty-hint" className="mt-2 text-sm text-slate-500">
        Anti-bot work is how many key derivations a browser tries before the faucet, reviewer bonus, signup and register
        forms are accepted: 2000 costs a visitor about a third of a second and a bot farm the same for every request.
        Raise it when bots get through.
      </p>
      <p id="accounts-hint" className="mt-1 text-sm text-slate-500">
        New accounts per hour and per day: how many accounts one IP network (as chosen under Per-IP limits count) may
        register, 1 to 1000 each; more are refused until the oldest of them is an hour or a day old.
      </p>
      <p id="bonus-hint" className="mt-1 text-sm text-slate-500">
        Bonus budget: what social sharing and reviewer bonuses may pay in a day, released an hour at a time like the
        daily limit. Bonus account age: how old an account must be before it may claim a bonus, 0 to 720 hours (30
        days).
      </p>
      <p className="mt-1 text-sm text-slate-500">Last changed {when(s.updatedAt)}.</p>
      <CeilingNote />
      <ConfirmChangeDialog plan={confirm} onClose={() => setConfirm(null)} />
    </Panel>
  );
}
