import { Elysia } from "elysia";
import { asJson, type PublicReads } from "../../http/public-reads.ts";
import { healthStatus, healthView } from "./model.ts";
import type { Health } from "./service.ts";

// GET /api/health: cheap enough for load balancers to poll (a public read: one answer a second);
// 503 when the database cannot be read or written (a full disk), so a monitor notices while writes fail.
export function healthRoutes({ health, clock, version, reads }: { health: Health; clock: () => number; version: string; reads: PublicReads }) {
  const startedAt = clock();
  const answer = reads.cached();
  const read = reads.add("/api/health", () => {
    const database = health.database();
    const uptimeSeconds = Math.floor((clock() - startedAt) / 1000);
    return answer(`${database} ${uptimeSeconds}`, () => healthView(database, version, uptimeSeconds), healthStatus(database));
  });
  return new Elysia().get("/api/health", () => asJson(read()));
}
