import { Component, type ReactNode } from "react";
import { buttonClass } from "./ui/button";
import { t } from "../i18n";

type State = { error: Error | null };

// Keeps the header and footer usable when a page crashes, and offers a reload.
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t("common.crash.title")}</h1>
        <p className="mt-2 text-slate-600">{this.state.error.message}</p>
        <button type="button" onClick={() => window.location.reload()} className={buttonClass({ className: "mt-6" })}>
          {t("common.crash.reload")}
        </button>
      </div>
    );
  }
}
