// A question asked before a step that cannot be taken back, for the public pages: the browser's own
// modal <dialog> (no library in the page's download), so focus moves into it and stays there, and
// Escape closes it like Cancel. Closed either way, the focus goes back to what opened it.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { rememberFocus } from "../../lib/return-focus";
import { buttonClass } from "./button";
import { t } from "../../i18n";

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  failure = null,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  // why the step was refused, said in the dialog (it stays open)
  failure?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const giveBack = useRef<() => boolean>(() => false);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      giveBack.current = rememberFocus();
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={() => {
        onClose();
        // (unless the page moved the focus on, to what the step did)
        const lost = document.activeElement === document.body || dialog.current?.contains(document.activeElement);
        if (lost) giveBack.current();
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div id={`${id}-text`} className="mt-2 text-sm text-slate-700">
        {children}
      </div>
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={() => dialog.current?.close()} className={buttonClass({ variant: "outline" })}>
          {cancelLabel ?? t("common.cancel")}
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className={buttonClass()}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
