import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { t } from "../../../i18n";
import { refusalText } from "../../../lib/errors";
import { xrpText } from "../../../lib/format";
import { useWithdrawRequest } from "../page-api";

// Withdrawing a waiting request of this browser's or of the signed-in user's (the faucet page's lists,
// the dashboard's): asked to confirm first, then said above the list, where the focus goes (the
// button it came from is gone with the wait). `ask` opens the question for one request; `dialog` and
// `said` are placed in the page.
export function useWithdrawal() {
  const withdraw = useWithdrawRequest();
  const [asked, setAsked] = useState<{ id: number; amount: string } | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done !== null) notice.current?.focus();
  }, [done]);
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={t("claim.withdraw.title")}
      confirmLabel={t("claim.withdraw.confirm")}
      cancelLabel={t("claim.withdraw.keep")}
      busy={withdraw.isPending}
      failure={withdraw.isError ? refusalText(withdraw.error) : null}
      onClose={() => {
        setAsked(null);
        withdraw.reset();
      }}
      onConfirm={() =>
        asked &&
        withdraw.mutate(asked.id, {
          onSuccess: () => {
            setDone(asked.id);
            setAsked(null);
          },
        })
      }
    >
      {asked && <p>{t("claim.withdraw.text", { id: asked.id, amount: xrpText(asked.amount) })}</p>}
    </ConfirmDialog>
  );
  const said = done !== null && (
    <p
      ref={notice}
      tabIndex={-1}
      role="status"
      className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900 focus:outline-2 focus:outline-green-700"
    >
      {t("claim.withdraw.done", { id: done })}
    </p>
  );
  return { ask: setAsked, dialog, said };
}
