import type { PublicReads } from "../../http/public-reads.ts";
import { healthStatus, healthView } from "./model.ts";
import type { Health } from "./service.ts";

// GET /api/health's public read (one answer a second): the database's state, the version and the
// uptime. The app's route registers it and answers with it (routes.ts).
export function addHealthRead({
  health,
  clock,
  version,
  reads,
}: {
  health: Health;
  clock: () => number;
  version: string;
  reads: PublicReads;
}) {
  const startedAt = clock();
  const answer = reads.cached();
  return reads.add("/api/health", () => {
    const database = health.database();
    const uptimeSeconds = Math.floor((clock() - startedAt) / 1000);
    return answer(
      `${database} ${uptimeSeconds}`,
      () => healthView(database, version, uptimeSeconds),
      healthStatus(database),
    );
  });
}
