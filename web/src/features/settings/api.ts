// The faucet's settings (limits, anti-bot work, bonus budget, the auto-approve rule's settings).
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Body } from "../../api/types";
import { ApiError } from "../../lib/errors";

export type SettingsChange = Body<typeof api.admin.faucet.settings.post>;

export const settingsKey = ["/api/admin/faucet/settings"] as const;

export const useSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => unwrap(api.admin.faucet.settings.get()) });

// The settings field a refusal of POST /api/admin/faucet/settings is about: its message starts with
// the field's name ("bonusDailyLimit must be...", "minAmount cannot be above maxAmount",
// "autoApprove.holdMinutes must be..."); null for any other refusal.
export function settingsFieldOf<F extends string>(error: unknown, fields: readonly F[], prefix = ""): F | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const first = error.message.split(" ", 1)[0] ?? "";
  return fields.find((f) => `${prefix}${f}` === first) ?? null;
}
