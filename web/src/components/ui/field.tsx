import type { ComponentProps } from "react";
import { t } from "../../i18n";
import { cn } from "../../lib/cn";

type Props = ComponentProps<"input"> & { id: string; label: string; error?: string | null };

// A labelled text input; every field in the app has a visible label. `error` shows under the field
// (tied to it by aria-describedby, the field marked invalid) until the form clears it.
export function Field({ id, label, className, error, ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        className={cn(
          "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400",
          "focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 disabled:bg-slate-100",
          error && "border-red-700",
          className,
        )}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

// A field for an XRP wallet address: labelled "XRP wallet address" unless told, "r..." as its hint,
// no autocomplete or spell check.
export function WalletField({ label, ...input }: Omit<Props, "label"> & { label?: string }) {
  return (
    <Field
      label={label ?? t("common.wallet.label")}
      placeholder="r..."
      autoComplete="off"
      spellCheck={false}
      {...input}
    />
  );
}

// What the field says under it for a text that is no XRP address (before the server would say so).
export const invalidAddressText = () => t("common.wallet.invalid");
