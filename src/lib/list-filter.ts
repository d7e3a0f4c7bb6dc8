// The admin lists' query (faucet requests, claims): filter by status, risk level, reason and date
// range, search, sort, order and page. Each value is checked here and a wrong one answers 400 with
// the parameter's message; the repositories turn the checked filter into SQL (`rangeAndSearch` the
// part every list shares).
import { badRequest } from "./errors.ts";
import { type RiskLevel, RISK_LEVELS } from "../shared/risk-bands.ts";
import { DAY_MS, parseDay } from "./time.ts";

export const SORTS = ["createdAt", "amount", "risk"] as const;
export type ListSort = (typeof SORTS)[number];
export const MAX_SEARCH = 200;

// The parameters that switch a list from its default view to the filtered one.
export const FILTER_PARAMS = ["status", "risk", "reason", "from", "to", "q", "sort", "order"] as const;

export interface ListFilter {
  status: string | null;
  risk: RiskLevel | null;
  reason: string | null;
  // created at or after `from`, before `to` (epoch ms; `to` is the end of its day)
  from: number | null;
  to: number | null;
  q: string | null;
  sort: ListSort;
  order: "asc" | "desc";
  page: number;
}

type Query = Record<string, unknown>;

const oneOf = (name: string, allowed: readonly string[]) => `${name} must be one of ${allowed.join(", ")}`;

// A parameter as sent: absent or empty reads as not given; a repeated one is refused.
function param(query: Query, name: string, message: string): string | null {
  const value = query[name];
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw badRequest(message);
  return value;
}

function day(query: Query, name: "from" | "to"): number | null {
  const message = `${name} must be a date as YYYY-MM-DD`;
  const text = param(query, name, message);
  if (text === null) return null;
  const ms = parseDay(text);
  if (ms === null) throw badRequest(message);
  return name === "to" ? ms + DAY_MS : ms;
}

// Whether the query asks for the filtered view (any filter, search or sort given).
export const hasListFilter = (query: Query) =>
  FILTER_PARAMS.some((name) => query[name] !== undefined && query[name] !== "");

// The checked filter of an admin list. `statuses`: the list's statuses; `risk`: whether its items
// have a risk score (faucet requests); `sorts`: the orders it offers.
export function listFilter(
  query: Query,
  options: { statuses: readonly string[]; risk: boolean; sorts: readonly ListSort[] },
): ListFilter {
  const statusMessage = oneOf("status", options.statuses);
  const status = param(query, "status", statusMessage);
  if (status !== null && !options.statuses.includes(status)) throw badRequest(statusMessage);

  const riskMessage = options.risk ? oneOf("risk", RISK_LEVELS) : "risk filters faucet requests only";
  const riskText = param(query, "risk", riskMessage);
  const risk = riskText === null ? null : (RISK_LEVELS.find((r) => r === riskText) ?? null);
  if (riskText !== null && (!options.risk || risk === null)) throw badRequest(riskMessage);

  const text = (name: "reason" | "q") => {
    const message = `${name} must be text of at most ${MAX_SEARCH} characters`;
    const value = param(query, name, message)?.trim() ?? null;
    if (value !== null && value.length > MAX_SEARCH) throw badRequest(message);
    return value || null;
  };

  const from = day(query, "from");
  const to = day(query, "to");
  if (from !== null && to !== null && from >= to) throw badRequest("from must not be after to");

  const sortMessage = oneOf("sort", options.sorts);
  const sortText = param(query, "sort", sortMessage) ?? "createdAt";
  const sort = options.sorts.find((s) => s === sortText);
  if (!sort) throw badRequest(sortMessage);

  const orderMessage = "order must be asc or desc";
  const order = param(query, "order", orderMessage) ?? "desc";
  if (order !== "asc" && order !== "desc") throw badRequest(orderMessage);

  const page = Math.min(100_000, Math.max(1, Number.parseInt(String(query.page ?? "1"), 10) || 1));
  return { status, risk, reason: text("reason"), from, to, q: text("q"), sort, order, page };
}
