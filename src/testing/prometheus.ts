// A strict reader of the Prometheus text format (version 0.0.4), for tests: it throws on anything a
// Prometheus server would refuse or misread (a sample before its TYPE, a family split in two, a bad
// name, label or value, a series twice, a histogram whose buckets go down or miss +Inf).
// https://prometheus.io/docs/instrumenting/exposition_formats/

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = ["counter", "gauge", "histogram", "summary", "untyped"];

function parseValue(raw: string, line: string): number {
  if (/^[+-]?inf$/i.test(raw)) return raw.startsWith("-") ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  if (/^nan$/i.test(raw)) return Number.NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw)) throw new Error(`not a number: '${raw}' in: ${line}`);
  return Number(raw);
}

// The labels of `{a="x",b="y\"z"}` (the braces' content), unescaped.
function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf("=", i);
    if (eq === -1) throw new Error(`a label without a value in: ${line}`);
    const name = text.slice(i, eq).trim();
    if (!LABEL_NAME.test(name) || name.startsWith("__")) throw new Error(`bad label name '${name}' in: ${line}`);
    if (name in labels) throw new Error(`label '${name}' twice in: ${line}`);
    if (text[eq + 1] !== '"') throw new Error(`label '${name}' is not quoted in: ${line}`);
    let value = "";
    let j = eq + 2;
    for (;;) {
      const c = text[j];
      if (c === undefined) throw new Error(`unterminated label value in: ${line}`);
      if (c === '"') break;
      if (c === "\\") {
        const next = text[j + 1];
        if (next === "n") value += "\n";
        else if (next === "\\" || next === '"') value += next;
        else throw new Error(`bad escape '\\${next}' in: ${line}`);
        j += 2;
      } else {
        value += c;
        j++;
      }
    }
    labels[name] = value;
    i = j + 1;
    if (text[i] === ",") i++;
    else if (i < text.length) throw new Error(`expected ',' after label '${name}' in: ${line}`);
  }
  return labels;
}

// The family a sample belongs to: its own name, or a histogram's or summary's base name.
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name);
  if (own) return own;
  const base = name.replace(/_(bucket|sum|count)$/, "");
  const family = families.get(base);
  if (family && (family.type === "histogram" || (family.type === "summary" && !name.endsWith("_bucket"))))
    return family;
  return undefined;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith("\n")) throw new Error("the exposition must end with a newline");
  const families = new Map<string, Family>();
  const seriesSeen = new Set<string>();
  const closed = new Set<string>();
  let current: Family | null = null;
  for (const line of text.split("\n").slice(0, -1)) {
    if (line === "") continue;
    if (line.startsWith("#")) {
      const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!meta) {
        if (/^# (HELP|TYPE)\b/.test(line)) throw new Error(`bad line: ${line}`);
        continue; // a comment
      }
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!METRIC_NAME.test(name)) throw new Error(`bad metric name: ${line}`);
      let family = families.get(name);
      if (!family) {
        if (current) closed.add(current.name);
        if (closed.has(name)) throw new Error(`family ${name} comes twice`);
        family = { name, help: "", type: "untyped", samples: [] };
        families.set(name, family);
        current = family;
      } else if (family !== current) throw new Error(`family ${name} is split: ${line}`);
      if (kind === "TYPE") {
        if (!TYPES.includes(rest)) throw new Error(`bad type: ${line}`);
        if (family.samples.length > 0) throw new Error(`TYPE after samples: ${line}`);
        family.type = rest as Family["type"];
      } else family.help = rest;
      continue;
    }
    const sample = /^([^\s{]+)(?:\{(.*)\})?\s+(\S+)(?:\s+(-?\d+))?$/.exec(line);
    if (!sample) throw new Error(`bad sample line: ${line}`);
    const [, name, labelText, rawValue] = sample as unknown as [string, string, string | undefined, string];
    if (!METRIC_NAME.test(name)) throw new Error(`bad metric name: ${line}`);
    const family = familyOf(name, families);
    if (!family) throw new Error(`a sample without its family's TYPE: ${line}`);
    if (family !== current) throw new Error(`family ${family.name} is split: ${line}`);
    const labels = parseLabels(labelText ?? "", line);
    const key = `${name}{${Object.entries(labels)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(",")}}`;
    if (seriesSeen.has(key)) throw new Error(`series twice: ${key}`);
    seriesSeen.add(key);
    if (family.type === "counter" && name !== family.name) throw new Error(`counter sample named otherwise: ${line}`);
    family.samples.push({ name, labels, value: parseValue(rawValue, line) });
  }
  for (const family of families.values()) if (family.type === "histogram") checkHistogram(family);
  return families;
}

// Per series: buckets ascending by `le`, their counts never going down, +Inf last and equal to _count.
function checkHistogram(family: Family) {
  const series = new Map<string, { buckets: { le: number; n: number }[]; count?: number; sum?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name.endsWith("_bucket")) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push({ le: parseValue(le, le), n: s.value });
    } else if (s.name.endsWith("_count")) entry.count = s.value;
    else if (s.name.endsWith("_sum")) entry.sum = s.value;
    else throw new Error(`${family.name}: unexpected sample ${s.name}`);
  }
  for (const [key, { buckets, count, sum }] of series) {
    if (count === undefined || sum === undefined) throw new Error(`${family.name}${key}: no _count or _sum`);
    if (buckets.at(-1)?.le !== Number.POSITIVE_INFINITY) throw new Error(`${family.name}${key}: no +Inf bucket last`);
    for (let i = 1; i < buckets.length; i++) {
      if (!(buckets[i]!.le > buckets[i - 1]!.le)) throw new Error(`${family.name}${key}: buckets not ascending`);
      if (buckets[i]!.n < buckets[i - 1]!.n) throw new Error(`${family.name}${key}: bucket counts go down`);
    }
    if (buckets.at(-1)!.n !== count)
      throw new Error(`${family.name}${key}: +Inf bucket ${buckets.at(-1)!.n} is not _count ${count}`);
  }
}

// The value of the one sample of `name` whose labels include `labels` (undefined: none).
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = familyOf(name, families);
  const matches =
    family?.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) ?? [];
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${matches.length} samples`);
  return matches[0]?.value;
}
