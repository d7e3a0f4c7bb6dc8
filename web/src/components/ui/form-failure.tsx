import { RotateCcw } from "lucide-react";
import { cn } from "../../lib/cn";
import { isNetworkFailure, networkFailure } from "../../lib/errors";
import { buttonClass } from "./button";

type Retry = { busy: boolean; onRetry?: () => void };

// A refusal beside a form's button, in words; a lost connection also offers Retry, which sends the
// form again: `onRetry`, or without it a submit button of the form the alert sits in (the form's own
// checks and outcome then apply as on a first submit).
export function FormFailure({
  message,
  retry,
  busy,
  onRetry,
  className,
}: Retry & { message: string; retry: boolean; className?: string }) {
  return (
    <div
      role="alert"
      className={cn("flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800", className)}
    >
      <span className="flex-1">{message}</span>
      {retry && (
        <button
          type={onRetry ? "button" : "submit"}
          onClick={onRetry}
          className={buttonClass({ variant: "outline", size: "sm" })}
          disabled={busy}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Retry
        </button>
      )}
    </div>
  );
}

// The lost connection alone, for a form that shows its other errors elsewhere (a toast, a field).
export function NetworkFailure({ error, busy, onRetry, className }: Retry & { error: unknown; className?: string }) {
  if (!isNetworkFailure(error)) return null;
  return <FormFailure message={networkFailure()} retry busy={busy} onRetry={onRetry} className={className} />;
}
