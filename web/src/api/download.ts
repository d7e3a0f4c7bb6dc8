import { ApiError, mutationFailureMessage } from "../lib/errors";
import { send } from "./client";

// A file to save (a backup): its bytes and the name the server gives it. Fetched through the same
// fetcher as every call, so an admin who must confirm with a code is asked first (treaty would read
// such an answer as text). A refusal throws an ApiError with the server's message (e.g. "No such
// backup"); a cancelled step-up, STEP_UP_CANCELLED.
export async function downloadFile(path: string): Promise<{ blob: Blob; name: string }> {
  const response = await send(path, { credentials: "same-origin" });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new ApiError(
      response.status,
      response.statusText,
      body,
      mutationFailureMessage(response, body),
      response.headers.get("x-error-code"),
    );
  }
  const disposition = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await response.blob(), name: disposition ?? decodeURIComponent(path.split("/").pop() ?? "download") };
}
