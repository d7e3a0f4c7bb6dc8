import { Elysia } from "elysia";
import { asJson, type PublicReads } from "../../http/public-reads.ts";
import { addHealthRead } from "./read.ts";
import type { Health } from "./service.ts";

// GET /api/health: cheap enough for load balancers to poll (a public read: one answer a second);
// 503 when the database cannot be read or written (a full disk), so a monitor notices while writes fail.
export function healthRoutes(deps: { health: Health; clock: () => number; version: string; reads: PublicReads }) {
  const read = addHealthRead(deps);
  return new Elysia().get("/api/health", () => asJson(read()));
}
