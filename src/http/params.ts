// Path parameters the routes share.
import { badRequest } from "./errors.ts";

// A row id from the path: a positive whole number, else 400.
export function idParam(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id)) throw badRequest("The id must be a number");
  return id;
}

// A 1-based page number from the query; anything else reads as page 1.
export function pageParam(raw: unknown, max = 100_000): number {
  return Math.min(max, Math.max(1, Number.parseInt(String(raw ?? "1"), 10) || 1));
}
