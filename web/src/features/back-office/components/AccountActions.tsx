// A user's file, the account's own actions: disable it (it can no longer sign in, its sessions end)
// or enable it again, reset its two-factor sign-in (a lost phone), each after a dialog saying what it
// does; and the admins' note on the user, saved with its own button.
import { useState } from "react";
import { Frame } from "../../../components/admin/dialogs";
import { buttonClass } from "../../../components/ui/button";
import { useResetTwoFactor, useUpdateUser } from "../api";

interface Account {
  id: number;
  username: string;
  isAdmin: boolean;
  disabledAt: string | null;
  note: string | null;
  twoFactor: boolean;
}

type Asking = "disable" | "enable" | "reset" | null;

const EFFECTS: Record<Exclude<Asking, null>, { title: (name: string) => string; text: string; button: string }> = {
  disable: {
    title: (name) => `Disable ${name}'s account?`,
    text: "They are signed out everywhere at once and cannot sign in again until an admin enables the account. Their requests, rewards and payouts stay as they are.",
    button: "Disable account",
  },
  enable: {
    title: (name) => `Enable ${name}'s account again?`,
    text: "They can sign in with their password again.",
    button: "Enable account",
  },
  reset: {
    title: (name) => `Reset ${name}'s two-factor sign-in?`,
    text: "Their authenticator app and recovery codes stop working and they are signed out everywhere; they then sign in with their password alone and can turn two-factor sign-in on again. Do this only once you know it is them asking.",
    button: "Reset two-factor sign-in",
  },
};

export function AccountActions({ account, self }: { account: Account; self: boolean }) {
  const update = useUpdateUser(account.id);
  const reset = useResetTwoFactor(account.id);
  const [asking, setAsking] = useState<Asking>(null);
  const [note, setNote] = useState(account.note ?? "");
  const disabled = account.disabledAt !== null;
  const confirm = () => {
    if (asking === "reset") reset.mutate(undefined, { onSettled: () => setAsking(null) });
    else if (asking) update.mutate({ disabled: asking === "disable" }, { onSettled: () => setAsking(null) });
  };
  const effect = asking ? EFFECTS[asking] : null;
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap gap-2">
        {!self && (
          <button
            type="button"
            className={buttonClass({
              size: "sm",
              variant: disabled ? "primary" : "outline",
              className: disabled ? "" : "border-red-300 text-red-800 hover:bg-red-50",
            })}
            onClick={() => setAsking(disabled ? "enable" : "disable")}
          >
            {disabled ? "Enable account" : "Disable account"}
          </button>
        )}
        {!self && account.twoFactor && (
          <button
            type="button"
            className={buttonClass({ size: "sm", variant: "outline" })}
            onClick={() => setAsking("reset")}
          >
            Reset two-factor sign-in
          </button>
        )}
      </div>
      <form
        className="space-y-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ note });
        }}
      >
        <label htmlFor="admin-note" className="block text-sm font-medium text-slate-800">
          Admins' note (only admins see it)
        </label>
        <textarea
          id="admin-note"
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white p-3 text-sm shadow-sm focus:border-brand-600"
        />
        <button
          type="submit"
          className={buttonClass({ size: "sm", variant: "outline" })}
          disabled={update.isPending || note.trim() === (account.note ?? "")}
        >
          Save note
        </button>
      </form>
      <Frame
        open={effect !== null}
        onClose={() => setAsking(null)}
        title={effect ? effect.title(account.username) : ""}
        description={effect && <p>{effect.text}</p>}
      >
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => setAsking(null)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass({ variant: asking === "enable" ? "primary" : "danger" })}
            disabled={update.isPending || reset.isPending}
            onClick={confirm}
          >
            {effect?.button}
          </button>
        </div>
      </Frame>
    </div>
  );
}
