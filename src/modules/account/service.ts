// What a logged-in user reads about themselves: their faucet requests and rewards, newest first.
import type { Db } from "../../db/client.ts";
import { formatXrp } from "../../money.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function createAccountHistory({ db }: { db: Db }) {
  const requests = db.sqlite.prepare<
    { id: number; status: string; amount_drops: number; created_at: number; reason: string | null; tx_hash: string | null },
    [number]
  >("select id, status, amount_drops, created_at, reason, tx_hash from faucet_requests where user_id = ? order by created_at desc, id desc limit 200");
  const rewards = db.sqlite.prepare<
    { id: number; type: string; platform: string | null; status: string; amount_drops: number; created_at: number; tx_hash: string | null },
    [number]
  >("select id, type, platform, status, amount_drops, created_at, tx_hash from rewards where user_id = ? order by created_at desc, id desc limit 200");

  return {
    faucetRequests: (userId: number) =>
      requests.all(userId).map((r) => ({ id: r.id, status: r.status, amount: formatXrp(r.amount_drops), createdAt: iso(r.created_at), reason: r.reason, txHash: r.tx_hash })),
    rewards: (userId: number) =>
      rewards.all(userId).map((r) => ({
        id: r.id,
        type: r.type,
        platform: r.platform,
        status: r.status,
        amount: formatXrp(r.amount_drops),
        createdAt: iso(r.created_at),
        txHash: r.tx_hash,
      })),
  };
}
