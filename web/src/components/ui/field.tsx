import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

type Props = ComponentProps<"input"> & { id: string; label: string };

// A labelled text input; every field in the app has a visible label.
export function Field({ id, label, className, ...input }: Props) {
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
          className,
        )}
        {...input}
      />
    </div>
  );
}
