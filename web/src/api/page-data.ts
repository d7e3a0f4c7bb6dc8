// What the server put into the page for its first render (src/http/page-data.ts): the public reads it
// shows, stored as their queries' data (a query's key is its API path), so the page shows them without
// asking; whether a session cookie came; and the page language's catalogs (i18n.ts). Without a
// session cookie the visitor is logged out: GET /api/user is not asked (its 401 would only say so).
// The session cookie is httpOnly: only the server can tell.
import type { QueryClient } from "@tanstack/react-query";
import type { PageCatalogs } from "../i18n";
import { currentUserKey } from "./session";

export interface PageData {
  session: boolean;
  reads: Record<string, unknown>;
  catalogs: PageCatalogs;
}

export function readPageData(): PageData | null {
  const text = document.getElementById("page-data")?.textContent;
  return text ? (JSON.parse(text) as PageData) : null;
}

export function seedFromPage(queryClient: QueryClient, { session, reads }: PageData) {
  if (!session) queryClient.setQueryData(currentUserKey, null);
  for (const [path, data] of Object.entries(reads)) if (data !== null) queryClient.setQueryData([path], data);
}
