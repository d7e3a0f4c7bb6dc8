// The settings' "Today's budget": the faucet's, the bonuses' and the auto-approve cap's day, each
// released an hour at a time (1/24 of the day per hour, unused hours carried forward): the hourly
// share, what is released, used and left, when the next share opens, and what this hour refused.
import { timeWords } from "../../../lib/budget";
import { xrpText } from "../../../lib/format";
import { t } from "../../../i18n";
import { useBudgetToday } from "../admin-api";
import { Loading, Panel } from "../../../components/admin/ui";

type Budgets = NonNullable<ReturnType<typeof useBudgetToday>["data"]>;
type Pool = Budgets["faucet"];

// (said while rendering: the catalog arrives before the first render, not before this module runs)
const pools = (): [keyof Budgets, string, string][] => [
  ["faucet", t("faucet.pools.faucet"), t("faucet.pools.faucetAbout")],
  ["bonus", t("faucet.pools.bonus"), t("faucet.pools.bonusAbout")],
  ["autoApprove", t("faucet.pools.autoApprove"), t("faucet.pools.autoApproveAbout")],
];

function PoolFigures({ id, name, about, pool }: { id: string; name: string; about: string; pool: Pool }) {
  const headingId = `budget-${id}`;
  const rows: [string, string][] = [
    [t("faucet.pools.perHour"), xrpText(pool.slice)],
    [
      t("faucet.pools.released"),
      t("faucet.pools.releasedOf", { released: xrpText(pool.released), total: xrpText(pool.total) }),
    ],
    [t("faucet.pools.used"), xrpText(pool.used)],
    [t("faucet.pools.left"), xrpText(pool.left)],
    [t("faucet.pools.next"), pool.nextSliceAt ? timeWords(pool.nextSliceAt) : t("faucet.pools.allReleased")],
    [
      t("faucet.pools.refused"),
      t("faucet.pools.refusedValue", { count: pool.refusedRequests, amount: xrpText(pool.refused) }),
    ],
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {name}
      </h3>
      <p className="mt-0.5 text-xs text-slate-600">{about}</p>
      <dl className="mt-3 space-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function BudgetPanel() {
  const budget = useBudgetToday();
  return (
    <Panel title={t("faucet.today.title")} id="budget-today-title">
      {budget.isPending ? (
        <Loading />
      ) : budget.isError ? (
        <p role="alert" className="text-red-700">
          {budget.error.message}
        </p>
      ) : (
        <>
          <div className="grid gap-3 md:grid-cols-3">
            {pools().map(([key, name, about]) => (
              <PoolFigures key={key} id={key} name={name} about={about} pool={budget.data[key]} />
            ))}
          </div>
          <p className="mt-3 text-sm text-slate-600">{t("faucet.pools.note")}</p>
        </>
      )}
    </Panel>
  );
}
