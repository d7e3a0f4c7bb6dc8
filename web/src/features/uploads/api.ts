// An admin's image upload: the file's bytes to POST /api/admin/uploads, which answers its /uploads/ path.
import { ApiError, bodyMessage } from "../../lib/errors";

export const IMAGE_TYPES = "image/png,image/jpeg,image/webp";

export async function uploadImage(file: File): Promise<string> {
  const response = await fetch("/api/admin/uploads", { method: "POST", headers: { "content-type": file.type || "application/octet-stream" }, body: file, credentials: "same-origin" });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text, bodyMessage(text) || `Upload failed (${response.status})`, response.headers.get("x-error-code"));
  return (JSON.parse(text) as { url: string }).url;
}
