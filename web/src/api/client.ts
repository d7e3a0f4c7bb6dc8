import { ApiError, mutationFailureMessage, readFailureMessage } from "../lib/errors";

// Reads JSON from the API; failures carry the read-failure texts of the spec.
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, body, readFailureMessage(response, path, body));
  }
  return (await response.json()) as T;
}

// Sends a mutation; a non-OK answer raises an ApiError whose message is the server's message.
export async function sendJson<T>(method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, payload?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: payload === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const body = await response.text().catch(() => "");
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, body, mutationFailureMessage(response, body));
  }
  if (!body) return undefined as T;
  try {
    return JSON.parse(body) as T;
  } catch {
    return body as T;
  }
}
