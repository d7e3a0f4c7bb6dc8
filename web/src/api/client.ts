import { needsProof, POW_HEADER, takeProof, warmProof } from "../lib/proof-of-work";
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
// The public forms carry a proof of work; one the server refused (expired, say) is solved again once.
export async function sendJson<T>(method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, payload?: unknown): Promise<T> {
  const send = async (proof: string | null) =>
    fetch(path, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
        ...(proof ? { [POW_HEADER]: proof } : {}),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  const guarded = method === "POST" && needsProof(path);
  let response = await send(guarded ? await takeProof() : null);
  if (guarded && response.status === 403 && response.headers.get(POW_HEADER) === "retry") response = await send(await takeProof());
  // A refused form is likely sent again after a fix: have the next proof ready.
  if (guarded && !response.ok) warmProof();
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
