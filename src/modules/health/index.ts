import { Elysia } from "elysia";
import type { Db } from "../../db/client.ts";

// GET /api/health: cheap enough for load balancers to poll; proves the database answers.
export function healthRoutes({ db, clock, version }: { db: Db; clock: () => number; version: string }) {
  const ping = db.sqlite.prepare<{ ok: number }, []>("select 1 as ok");
  const startedAt = clock();
  return new Elysia().get("/api/health", ({ set }) => {
    const database = ping.get()?.ok === 1 ? "ok" : "unavailable";
    if (database !== "ok") set.status = 503;
    return { status: database === "ok" ? "ok" : "degraded", database, version, uptimeSeconds: Math.floor((clock() - startedAt) / 1000) };
  });
}
