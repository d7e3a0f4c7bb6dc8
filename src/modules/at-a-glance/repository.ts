// The one SQL the health strip has of its own: what was paid in the last days (payouts_status_time).
import type { Db } from "../../db/client.ts";

export function createAtAGlanceRepository(db: Db) {
  const paidSince = db.sqlite.prepare<{ drops: number | null }, [number]>(
    "select sum(amount_drops) as drops from payouts where status = 'paid' and updated_at >= ?",
  );
  return {
    paidSince: (since: number) => paidSince.get(since)?.drops ?? 0,
  };
}
