// What an admin may upload (a post's featured image, the site's logo, an ad's image): PNG, JPEG or
// WebP, known by its first bytes whatever the request says, of at most 2 MiB. Each is stored under
// a random name and served from /uploads/<name> for a year (a new image gets a new name). The folder
// holds at most UPLOAD_QUOTA (images and bytes); an image no post, ad or logo uses may be deleted.
import { appError, conflict, notFound } from "../../lib/errors.ts";
import { UPLOAD_PATH_PATTERN } from "../../shared/uploads.ts";

// (routes.ts declares the same path; app-http.ts reads its body)
export const UPLOAD_ROUTE = "/api/admin/uploads";
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const UPLOAD_NAME_PATTERN = /^[a-f0-9]{32}\.(?:png|jpg|webp)$/;
export const UPLOAD_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

// How many images the uploads folder holds at most, and their bytes in all (a fresh install's;
// createApp's `uploadQuota` changes it, for tests).
export interface UploadQuota {
  files: number;
  bytes: number;
}
export const UPLOAD_QUOTA: UploadQuota = { files: 500, bytes: 256 * 1024 * 1024 };

// Where an image is used: a post (its featured image, its text), an ad slot, the site's logo.
export interface UploadUse {
  kind: "post" | "ad" | "logo";
  // the post's id, the ad's slot, null for the logo
  id: number | string | null;
  // in words: 'the post "Welcome" (its featured image)'
  text: string;
}

// An image as the admin's list shows it.
export interface UploadedImage {
  name: string;
  url: string;
  sizeBytes: number;
  createdAt: string;
  usedBy: UploadUse[];
}

// "2.0 MiB", "256 MiB" (one decimal below 100 MiB)
export const mibText = (bytes: number) => {
  const mib = bytes / (1024 * 1024);
  return `${mib >= 100 ? Math.round(mib) : mib.toFixed(1)} MiB`;
};
const MAKE_ROOM = "Delete images no post, ad or logo uses (Images, /admin/uploads) to make room.";

// The image's kind from its first bytes, or null.
export function imageKind(bytes: Uint8Array): "png" | "jpg" | "webp" | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export const uploadErrors = {
  notAnImage: () => appError(415, "NOT_AN_IMAGE", "Upload a PNG, JPEG or WebP image"),
  tooLarge: () => appError(413, "UPLOAD_TOO_LARGE", "The image is too large (at most 2 MiB)", { connection: "close" }),
  notUploaded: (field: string) =>
    appError(400, "NOT_UPLOADED", `${field} must be an image uploaded here (/uploads/...)`),
  tooManyFiles: (quota: UploadQuota) =>
    conflict(`There are ${quota.files} images, the most this site keeps. ${MAKE_ROOM}`, "UPLOAD_QUOTA_FILES"),
  tooManyBytes: (size: number, used: number, quota: UploadQuota) =>
    conflict(
      `This image (${mibText(size)}) does not fit: the images use ${mibText(used)} of the ${mibText(quota.bytes)} they may. ${MAKE_ROOM}`,
      "UPLOAD_QUOTA_BYTES",
    ),
  noSuchImage: () => notFound("No such image", "UPLOAD_NOT_FOUND"),
  inUse: (uses: UploadUse[]) =>
    conflict(
      `This image is in use: ${uses.map((u) => u.text).join("; ")}. Take it out there first, then delete it.`,
      "UPLOAD_IN_USE",
    ),
};

// An optional image field of a post, an ad or the site: null, or the path of an uploaded image.
export function uploadedImage(value: string | null | undefined, field: string): string | null {
  if (!value) return null;
  if (!UPLOAD_PATH_PATTERN.test(value)) throw uploadErrors.notUploaded(field);
  return value;
}
