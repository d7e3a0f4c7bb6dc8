// The CSV exports: payments, newsletter signups, earning-alert signups.
import type { Db } from "../../db/client.ts";
import { type CsvTable, earningAlertsCsv, exportErrors, newsletterCsv, paymentsCsv } from "./model.ts";
import { createExportRepository } from "./repository.ts";

export function createExportService({ db }: { db: Db }) {
  const repo = createExportRepository(db);
  // A Map: an export name from the URL never reaches Object.prototype (__proto__, constructor, ...).
  const exports = new Map<string, () => CsvTable>([
    ["payments", () => paymentsCsv(repo.payments())],
    ["newsletter", () => newsletterCsv(repo.newsletter())],
    ["earning-alerts", () => earningAlertsCsv(repo.earningAlerts())],
  ]);
  return {
    // The export `name` ("newsletter" or "newsletter.csv"), or 404.
    table(name: string): CsvTable {
      const make = exports.get(name.replace(/\.csv$/, ""));
      if (!make) throw exportErrors.unknown(name);
      return make();
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
