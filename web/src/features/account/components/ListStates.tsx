import type { ReactNode } from "react";
import { RotateCw } from "lucide-react";
import { errorText } from "../../../lib/errors";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { t } from "../../../i18n";

export function ListLoading({ label }: { label: string }) {
  return (
    <Card role="status" className="flex items-center justify-center gap-3 p-8 text-slate-600">
      <Spinner className="h-5 w-5 text-brand-600" />
      {label}
    </Card>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Card
      role="alert"
      className="flex flex-col items-start gap-3 border-red-200 bg-red-50 p-6 text-red-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm">{errorText(error)}</p>
      <button type="button" onClick={onRetry} className={buttonClass({ variant: "outline", size: "sm" })}>
        <RotateCw aria-hidden="true" className="h-4 w-4" />
        {t("dashboard.list.retry")}
      </button>
    </Card>
  );
}

export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <div className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">{icon}</div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mt-1 max-w-sm text-sm text-slate-600">{children}</div>
    </Card>
  );
}
