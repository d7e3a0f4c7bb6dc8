// GET /api/explorer: public, where the web app links a transaction hash to.
import { Elysia } from "elysia";
import type { ExplorerService } from "./service.ts";

export function explorerRoutes({ explorer }: { explorer: ExplorerService }) {
  return new Elysia().get("/api/explorer", () => explorer.current());
}
