// An admin's image upload: the file's bytes to POST /api/admin/uploads, which answers its /uploads/
// path; the Images screen's list (GET /api/admin/uploads: every image, where it is used, the quota)
// and its delete (an image nothing uses).
import { useQuery } from "@tanstack/react-query";
import { useAdminAction } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import type { Data } from "../../api/types";
import { ApiError, bodyMessage } from "../../lib/errors";

export const IMAGE_TYPES = "image/png,image/jpeg,image/webp";

export async function uploadImage(file: File): Promise<string> {
  const response = await fetch("/api/admin/uploads", {
    method: "POST",
    headers: { "content-type": file.type || "application/octet-stream" },
    body: file,
    credentials: "same-origin",
  });
  const text = await response.text();
  if (!response.ok)
    throw new ApiError(
      response.status,
      response.statusText,
      text,
      bodyMessage(text) || `Upload failed (${response.status})`,
      response.headers.get("x-error-code"),
    );
  return (JSON.parse(text) as { url: string }).url;
}

export type UploadList = Data<typeof api.admin.uploads.get>;
export type UploadedImage = UploadList["images"][number];
export const uploadsKey = ["/api/admin/uploads"] as const;

export const useUploads = () => useQuery({ queryKey: uploadsKey, queryFn: () => unwrap(api.admin.uploads.get()) });

export const useDeleteUpload = () =>
  useAdminAction({
    send: (name: string) => api.admin.uploads({ name }).delete(),
    refresh: [uploadsKey],
    success: () => ({ title: "Image Deleted" }),
    failure: "Not Deleted",
  });
