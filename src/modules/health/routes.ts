import { Elysia } from "elysia";
import type { Health } from "./service.ts";

// GET /api/health: cheap enough for load balancers to poll; 503 when the database cannot be read
// or written (a full disk), so a monitor notices while writes fail.
export function healthRoutes({ health, clock, version }: { health: Health; clock: () => number; version: string }) {
  const startedAt = clock();
  return new Elysia().get("/api/health", ({ set }) => {
    const database = health.database();
    if (database !== "ok") set.status = 503;
    return { status: database === "ok" ? "ok" : "degraded", database, version, uptimeSeconds: Math.floor((clock() - startedAt) / 1000) };
  });
}
