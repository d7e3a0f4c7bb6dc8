// Path and query parameters the routes share.
import { t } from "elysia";
import { badRequest } from "../lib/errors.ts";

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

// The admin lists' query (lib/list-filter.ts checks each value): all optional text, so a typed client
// can send them; anything else in the query is ignored.
const param = (name: string) => t.Optional(t.String({ maxLength: 300, error: `${name} must be given once, as text` }));
export const adminListQuery = t.Object(
  {
    page: param("page"),
    status: param("status"),
    risk: param("risk"),
    reason: param("reason"),
    from: param("from"),
    to: param("to"),
    q: param("q"),
    sort: param("sort"),
    order: param("order"),
  },
  { additionalProperties: true },
);
