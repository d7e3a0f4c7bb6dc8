import { LoaderCircle } from "lucide-react";
import { cn } from "../lib/cn";
import { t } from "../i18n";

// A small spinning circle; decorative, the surrounding text says what is happening.
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle aria-hidden="true" className={cn("h-4 w-4 animate-spin motion-reduce:animate-none", className)} />
  );
}

// Full-area loading state used while the current user or a lazy page loads.
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-600">
      <Spinner className="h-8 w-8 text-brand-600" />
      <span>{label ?? t("common.loading")}</span>
    </div>
  );
}
