// What the server put into the page for its first render (src/http/page-data.ts): the public reads it
// shows, stored as their queries' data (a query's key is its API path), so the page shows them without
// asking; and whether a session cookie came. Without one the visitor is logged out: GET /api/user is
// not asked (its 401 would only say so). The session cookie is httpOnly: only the server can tell.
import type { QueryClient } from "@tanstack/react-query";
import { currentUserKey } from "./session";

export function seedFromPage(queryClient: QueryClient) {
  const text = document.getElementById("page-data")?.textContent;
  if (!text) return;
  const { session, reads } = JSON.parse(text) as { session: boolean; reads: Record<string, unknown> };
  if (!session) queryClient.setQueryData(currentUserKey, null);
  for (const [path, data] of Object.entries(reads)) if (data !== null) queryClient.setQueryData([path], data);
}
