import { type ChangeEvent, type FormEvent, useEffect, useState } from "react";
import { fieldWords } from "../../../components/admin/words";
import { api } from "../../../api/client";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { useAdminAction } from "../../../api/admin";
import { budgetKey } from "../../faucet";
import {
  confirmation,
  type SettingsChange,
  settingsFieldOf,
  settingsKey,
  undoChange,
  useSettings,
} from "../../settings";
import { Loading, Panel } from "../../../components/admin/ui";
import { type ChangePlan, ConfirmChangeDialog, undoToast } from "../../../components/admin/dialogs";
import { settingsChanges } from "../../../../../src/shared/settings-words";

type AutoApproveForm = { enabled: boolean; maxRiskScore: string; holdMinutes: string; maxPerDay: string };
// The rule's number fields, as the server names them ("autoApprove.holdMinutes must be...").
const FIELDS = ["maxRiskScore", "holdMinutes", "maxPerDay"] as const;
type AutoApproveField = (typeof FIELDS)[number];

// The auto-approve rule's settings (off by default): a pending request whose risk score stays at or
// below the threshold through the hold is approved and paid without a person, within a daily cap.
export function AutoApproveSettings() {
  const settings = useSettings();
  const [form, setForm] = useState<AutoApproveForm>({
    enabled: false,
    maxRiskScore: "",
    holdMinutes: "",
    maxPerDay: "",
  });
  // the server's refusal of a field, under it until the field changes
  const [errors, setErrors] = useState<Partial<Record<AutoApproveField, string>>>({});
  const [confirm, setConfirm] = useState<ChangePlan | null>(null);
  useEffect(() => {
    const a = settings.data?.autoApprove;
    if (a)
      setForm({
        enabled: a.enabled,
        maxRiskScore: String(a.maxRiskScore),
        holdMinutes: String(a.holdMinutes),
        maxPerDay: a.maxPerDay,
      });
  }, [settings.data]);
  const save = useAdminAction({
    send: ({ body }: { body: SettingsChange; confirmed?: boolean }) => api.admin.faucet.settings.post(body),
    refresh: [settingsKey, budgetKey],
    success: (out, { confirmed }) => {
      const before = settings.data;
      const changes = before ? settingsChanges(before, out) : [];
      return {
        title: out.autoApprove.enabled ? "Auto-approve on" : "Auto-approve off",
        description: out.autoApprove.enabled
          ? `Requests scored ${out.autoApprove.maxRiskScore} or less are approved after ${out.autoApprove.holdMinutes} minutes, up to ${out.autoApprove.maxPerDay} XRP a day.`
          : "Every request waits for a person.",
        // (a confirmed save can be set back)
        ...(confirmed && before && changes.length > 0
          ? undoToast("set auto-approve back", () => save.mutate({ body: undoChange(before, changes) }))
          : {}),
      };
    },
    failure: "Update Failed",
    handled: (error) => {
      const field = settingsFieldOf(error, FIELDS, "autoApprove.");
      if (field && error instanceof Error) setErrors({ [field]: fieldWords(error.message) });
      return field !== null;
    },
  });
  if (settings.isPending)
    return (
      <Panel title="Auto-approve">
        <Loading />
      </Panel>
    );
  if (settings.isError)
    return (
      <Panel title="Auto-approve">
        <p role="alert" className="text-red-700">
          Failed to load faucet settings
        </p>
      </Panel>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = { autoApprove: form };
    // turning it on or loosening its values is confirmed first
    const plan = confirmation(settings.data, body, null, {
      title: "Save auto-approve?",
      confirmLabel: "Save auto-approve",
      run: () => save.mutate({ body, confirmed: true }),
    });
    if (plan) setConfirm(plan);
    else save.mutate({ body });
  };
  const bind = (name: AutoApproveField) => ({
    value: form[name],
    error: errors[name] ?? null,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setForm({ ...form, [name]: e.target.value });
      setErrors((all) => ({ ...all, [name]: undefined }));
    },
  });
  return (
    <Panel title="Auto-approve" id="auto-approve-title">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <label className="flex items-center gap-3 font-medium text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5 rounded border-slate-300 accent-brand-600"
            checked={form.enabled}
            onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
          />
          Approve low-risk requests automatically
        </label>
        <div className="grid gap-3 sm:grid-cols-3 sm:items-start lg:grid-cols-4">
          <Field id="auto-max-risk" label="Highest risk score (0-100)" inputMode="numeric" {...bind("maxRiskScore")} />
          <Field id="auto-hold" label="Hold (minutes)" inputMode="numeric" {...bind("holdMinutes")} />
          <Field id="auto-max-per-day" label="At most per day (XRP)" inputMode="decimal" {...bind("maxPerDay")} />
          <button type="submit" className={buttonClass({ className: "h-11 sm:mt-7" })} disabled={save.isPending}>
            Save auto-approve
          </button>
        </div>
      </form>
      <p className="mt-3 text-sm text-slate-600">
        A pending request whose risk score is at or below the threshold is scored again when its hold is over (so a
        burst from one network during the hold is seen first) and, still at or below it, approved and paid like an
        approval of yours, until the day's XRP cap is reached. Anything above waits for you. These approvals show as
        “Auto” in the lists and the audit log.
      </p>
      <ConfirmChangeDialog plan={confirm} onClose={() => setConfirm(null)} />
    </Panel>
  );
}
