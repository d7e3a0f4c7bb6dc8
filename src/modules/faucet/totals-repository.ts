// The SQL of the day's and the hour's totals: what each budget has given (budget-pools.ts), a
// request's share of a day's budget, and the requests the surge watch counts (surge.ts). The totals
// are upserts of one row per day or hour, so reading a budget never sums the requests.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests as r } from "../../db/schema.ts";

// How many of the newest requests a surge's busiest wide networks are found among.
export const BUSIEST_AMONG = 5_000;

export function createTotalsRepository(db: Db) {
  const dayTotal = db.sqlite.prepare<{ amountDrops: number; bonusDrops: number }, [{ day: string }]>(
    "select amount_drops as amountDrops, bonus_drops as bonusDrops from faucet_daily_totals where day = $day",
  );
  const addToDay = db.sqlite.prepare<unknown, [{ day: string; drops: number; requests: number }]>(
    `insert into faucet_daily_totals (day, amount_drops, requests) values ($day, $drops, $requests)
     on conflict(day) do update set amount_drops = amount_drops + $drops, requests = requests + $requests`,
  );
  const addBonusToDay = db.sqlite.prepare<unknown, [{ day: string; drops: number }]>(
    `insert into faucet_daily_totals (day, bonus_drops) values ($day, $drops)
     on conflict(day) do update set bonus_drops = bonus_drops + $drops`,
  );
  // an hour's takings from the budgets (faucet or bonus) and its accepted requests
  const addToHour = db.sqlite.prepare<unknown, [{ hour: number; drops: number; bonusDrops: number; requests: number }]>(
    `insert into faucet_hourly_totals (hour, amount_drops, bonus_drops, requests)
       values ($hour, $drops, $bonusDrops, $requests)
     on conflict(hour) do update set amount_drops = amount_drops + $drops, bonus_drops = bonus_drops + $bonusDrops,
       requests = requests + $requests`,
  );
  const hourTotal = db.sqlite.prepare<
    { amountDrops: number; bonusDrops: number; requests: number },
    [{ hour: number }]
  >(
    `select amount_drops as amountDrops, bonus_drops as bonusDrops, requests from faucet_hourly_totals
       where hour = $hour`,
  );
  const budgetOf = db
    .select({ amountDrops: r.amountDrops, budgetDay: r.budgetDay, reason: r.reason })
    .from(r)
    .where(eq(r.id, sql.placeholder("id")))
    .prepare();
  // The requests of the last minutes (the surge watch's memory at start) and, during a surge, the
  // wide networks (IPv4 /16, IPv6 /32) that sent most of them: read once, not per request.
  const requestsSince = db.sqlite.prepare<{ n: number }, [{ since: number }]>(
    "select count(*) as n from faucet_requests where created_at > $since",
  );
  // (among the newest BUSIEST_AMONG: a flood's 10 minutes can hold a million rows, read in one go
  // on the event loop)
  const busiestWideSince = db.sqlite.prepare<{ network: string; requests: number }, [{ since: number }]>(
    `select ip_wide as network, count(*) as requests
     from (select ip_wide from faucet_requests
       where created_at > $since order by created_at desc limit ${BUSIEST_AMONG})
     where ip_wide is not null group by ip_wide order by requests desc limit 3`,
  );

  return {
    dayTotal: (day: string) => dayTotal.get({ day })?.amountDrops ?? 0,
    dayBonusTotal: (day: string) => dayTotal.get({ day })?.bonusDrops ?? 0,
    addToDay: (day: string, drops: number, requests: number) => addToDay.run({ day, drops, requests }),
    addBonusToDay: (day: string, drops: number) => addBonusToDay.run({ day, drops }),
    addToHour: (hour: number, drops: number, bonusDrops: number, requests: number) =>
      addToHour.run({ hour, drops, bonusDrops, requests }),
    hourTotal: (hour: number) => hourTotal.get({ hour }) ?? { amountDrops: 0, bonusDrops: 0, requests: 0 },
    budgetOf: (id: number) => budgetOf.get({ id }),
    requestsSince: (since: number) => requestsSince.get({ since })!.n,
    busiestWideSince: (since: number) => busiestWideSince.all({ since }),
  };
}
export type TotalsRepository = ReturnType<typeof createTotalsRepository>;
