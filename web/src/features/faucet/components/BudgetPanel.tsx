// The settings' "Today's budget": the faucet's, the bonuses' and the auto-approve cap's day, each
// released an hour at a time (1/24 of the day per hour, unused hours carried forward): the hourly
// share, what is released, used and left, when the next share opens, and what this hour refused.
import { timeWords } from "../../../lib/budget";
import { useBudgetToday } from "../admin-api";
import { Loading, Panel } from "../../../components/admin/ui";
import { readableXrp } from "../../../components/admin/words";

type Budgets = NonNullable<ReturnType<typeof useBudgetToday>["data"]>;
type Pool = Budgets["faucet"];

const POOLS: [keyof Budgets, string, string][] = [
  ["faucet", "Faucet", "The daily limit: faucet requests."],
  ["bonus", "Bonuses", "The bonus budget: social sharing and reviewer bonuses."],
  ["autoApprove", "Auto-approve", "What the auto-approve rule may pay without a person."],
];

export const requestsWords = (n: number) => (n === 1 ? "1 request" : `${n} requests`);

function PoolFigures({ id, name, about, pool }: { id: string; name: string; about: string; pool: Pool }) {
  const headingId = `budget-${id}`;
  const rows: [string, string][] = [
    ["Per hour", readableXrp(pool.slice)],
    ["Released so far", `${readableXrp(pool.released)} of ${readableXrp(pool.total)}`],
    ["Used", readableXrp(pool.used)],
    ["Left now", readableXrp(pool.left)],
    ["Next share opens", pool.nextSliceAt ? timeWords(pool.nextSliceAt) : "All of today is released"],
    ["Refused this hour", `${requestsWords(pool.refusedRequests)} (${readableXrp(pool.refused)})`],
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
    <Panel title="Today's budget" id="budget-today-title">
      {budget.isPending ? (
        <Loading />
      ) : budget.isError ? (
        <p role="alert" className="text-red-700">
          {budget.error.message}
        </p>
      ) : (
        <>
          <div className="grid gap-3 md:grid-cols-3">
            {POOLS.map(([key, name, about]) => (
              <PoolFigures key={key} id={key} name={name} about={about} pool={budget.data[key]} />
            ))}
          </div>
          <p className="mt-3 text-sm text-slate-600">
            Each day's budget opens an hour at a time, 1/24 of it each hour; what an hour does not use carries on to the
            next, so a burst can take one hour's share, never the day. A request refused because this hour's share is
            used up is counted here and may ask again when the next share opens.
          </p>
        </>
      )}
    </Panel>
  );
}
