// The report's numbers and tables.

export const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
export const fmtMs = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1)) + " ms";
export const fmtRatio = (n: number | null) => (n === null || !Number.isFinite(n) ? "" : n.toFixed(2) + "x");

export function table(header: string[], rows: string[][], leftCols = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < leftCols ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

// ---------------------------------------------------------------------------------------------
