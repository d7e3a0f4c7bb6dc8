// The start-here checklist of a new install, on the overview until every item is done: two-factor
// sign-in, a funded wallet (its full address, a copy button and a QR code), budgets that fit under
// the ceiling, backups, email and the public URL. Each item ticks itself from the server's state.
import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { CopyText } from "../../../components/admin/CopyText";
import { Panel } from "../../../components/admin/ui";
import { useStartHere } from "../api";

export function StartHere() {
  const start = useStartHere();
  if (start.isPending || start.isError || start.data.done) return null;
  const { items, wallet } = start.data;
  const left = items.filter((i) => !i.done).length;
  return (
    <Panel title={`Start here: ${left} of ${items.length} left`} id="start-here">
      <ol className="space-y-3">
        {items.map((item) => (
          <li key={item.id} data-item={item.id} className="flex gap-3">
            {item.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">
                {item.title}
                <span
                  className={
                    item.done ? "ml-2 text-sm font-medium text-green-800" : "ml-2 text-sm font-medium text-slate-600"
                  }
                >
                  {item.done ? "Done" : "To do"}
                </span>
              </p>
              <p className="text-sm text-slate-700">{item.detail}</p>
              {item.id === "wallet" && wallet && (
                <div className="mt-2 flex flex-wrap items-start gap-4">
                  <img
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(wallet.qrSvg)}`}
                    alt={`QR code of the hot wallet's address ${wallet.address}`}
                    className="h-32 w-32 rounded-lg border border-slate-200 bg-white p-1"
                  />
                  <div className="min-w-0 space-y-1">
                    <p className="text-sm text-slate-700">
                      Send XRP to the hot wallet{wallet.sandbox ? " (sandbox: simulated XRP)" : ""}:
                    </p>
                    <CopyText text={wallet.address} label="the hot wallet's address" />
                  </div>
                </div>
              )}
              {!item.done && item.link !== "/admin" && (
                <Link to={item.link} className="text-sm text-brand-700 underline">
                  {item.link === "/dashboard/settings"
                    ? "Open your account settings"
                    : item.link === "/admin/settings"
                      ? "Open the settings"
                      : "Open the backups"}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
