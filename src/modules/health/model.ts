// What GET /api/health answers: "ok" with 200, or "degraded" with 503 and the database's state.

// What the write probe (service.ts) found: writable, readable only, or not reachable.
export type DatabaseState = "ok" | "read-only" | "unavailable";

export function healthView(database: DatabaseState, version: string, uptimeSeconds: number) {
  const ok = database === "ok";
  return { status: ok ? ("ok" as const) : ("degraded" as const), database, version, uptimeSeconds };
}

export const healthStatus = (database: DatabaseState) => (database === "ok" ? 200 : 503);
