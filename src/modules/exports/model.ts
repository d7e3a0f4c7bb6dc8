// The CSV files the admin downloads: each export's columns and rows, a formula-safe cell writer,
// and the answer (text/csv, as an attachment).
import type { EarningAlertSignup, NewsletterSignup, Payout } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";

export interface CsvTable {
  name: string;
  header: string[];
  rows: unknown[][];
}

export const exportErrors = {
  unknown: (name: string) => notFound(`No export named ${name.slice(0, 100)}`, "EXPORT_NOT_FOUND"),
};

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

// A cell a spreadsheet could run as a formula: one starting with a control character (Excel and
// LibreOffice skip some of them), or whose first visible character, after any blanks or invisible
// format characters, is = + - @ (or their full-width forms).
const FORMULA_START = /^\p{Cc}|^[\s\p{Z}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

// A CSV cell (RFC 4180). A cell that could start a formula is defused as OWASP recommends: prefixed
// with a single quote, so a spreadsheet shows it as text, and always quoted.
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : typeof value === "string"
        ? value
        : typeof value === "number"
          ? String(value)
          : JSON.stringify(value);
  const defused = FORMULA_START.test(text);
  if (defused) text = `'${text}`;
  return defused || /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvResponse = ({ name, header, rows }: CsvTable) =>
  new Response([header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n", {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}.csv"`,
      "cache-control": "no-store",
    },
  });

export const paymentsCsv = (rows: { payout: Payout; username: string | null }[]): CsvTable => ({
  name: "payments",
  header: [
    "id",
    "kind",
    "user",
    "destination",
    "destination_tag",
    "amount_xrp",
    "status",
    "tx_hash",
    "error",
    "created_at",
  ],
  rows: rows.map(({ payout: p, username }) => [
    p.id,
    p.kind,
    username,
    p.destination,
    p.destinationTag,
    formatXrp(p.amountDrops),
    p.status,
    p.txHash,
    p.error,
    iso(p.createdAt),
  ]),
});

export const newsletterCsv = (rows: NewsletterSignup[]): CsvTable => ({
  name: "newsletter",
  header: ["id", "email", "name", "status", "source", "notes", "created_at"],
  rows: rows.map((s) => [s.id, s.email, s.name, s.status, s.source, s.notes, iso(s.createdAt)]),
});

export const earningAlertsCsv = (rows: EarningAlertSignup[]): CsvTable => ({
  name: "earning-alerts",
  header: ["id", "email", "name", "phone", "alert_types", "status", "source", "notes", "created_at"],
  rows: rows.map((s) => [
    s.id,
    s.email,
    s.name,
    s.phone,
    s.alertTypes.join(" "),
    s.status,
    s.source,
    s.notes,
    iso(s.createdAt),
  ]),
});
