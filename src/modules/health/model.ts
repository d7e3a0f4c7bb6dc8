// What GET /api/health answers: "ok" with 200, or "degraded" with 503 and the database's state.
import type { DatabaseState } from "./service.ts";

export function healthView(database: DatabaseState, version: string, uptimeSeconds: number) {
  const ok = database === "ok";
  return { status: ok ? ("ok" as const) : ("degraded" as const), database, version, uptimeSeconds };
}

export const healthStatus = (database: DatabaseState) => (database === "ok" ? 200 : 503);
