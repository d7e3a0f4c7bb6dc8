import { clsx, type ClassValue } from "clsx";

// Joins class names and lets later Tailwind classes override earlier ones of the same kind (the
// button's `rounded-lg` by a caller's `rounded-full`). A small stand-in for tailwind-merge (about
// 9 KiB gzip on every page) covering the utilities this app uses; cn.test.ts checks it against
// tailwind-merge on the app's own class lists.

// The kind of a utility (without its variants), or the utility itself when no other replaces it.
const KINDS: [RegExp, string][] = [
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|flow-root)$/, "display"],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(visible|invisible|collapse)$/, "visibility"],
  [/^(sr-only|not-sr-only)$/, "sr"],
  [/^-?(px|py|pt|pr|pb|pl|ps|pe|p|mx|my|mt|mr|mb|ml|ms|me|m)-/, "$1"],
  [/^(min-w|min-h|max-w|max-h|size|w|h)-/, "$1"],
  [/^-?(inset-x|inset-y|inset|top|right|bottom|left|z|order)-/, "$1"],
  [/^(gap-x|gap-y|gap|space-x|space-y)-/, "$1"],
  [/^rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full))?$/, "rounded"],
  [/^rounded-(t|r|b|l|tl|tr|br|bl|s|e)(-|$)/, "rounded-$1"],
  [/^text-(xs|sm|base|lg|xl|\dxl|\[[\d.]+(rem|em|px)\])$/, "font-size"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-/, "text-color"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight"],
  [/^font-(sans|serif|mono)$/, "font-family"],
  [
    /^(leading|tracking|whitespace|break|cursor|opacity|overflow-x|overflow-y|overflow|object|aspect|align|select|transition|duration|ease|delay|animate)-/,
    "$1",
  ],
  [/^(italic|not-italic)$/, "font-style"],
  [/^(underline|overline|line-through|no-underline)$/, "decoration-line"],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^bg-(linear|radial|conic|gradient|none$)/, "bg-image"],
  [/^bg-(fixed|local|scroll|auto|cover|contain|center|top|bottom|left|right|no-repeat|repeat)/, "bg-$1"],
  [/^bg-/, "bg-color"],
  [/^(from|via|to)-/, "gradient-$1"],
  [/^border(-\d+)?$/, "border-w"],
  [/^border-(collapse|separate)$/, "border-collapse"],
  [/^border-([xytrblse])(-\d+)?$/, "border-w-$1"],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border-([xytrblse])-/, "border-color-$1"],
  [/^border-/, "border-color"],
  [/^outline(-\d+)?$/, "outline-w"],
  [/^outline-(solid|dashed|dotted|double|none|hidden)$/, "outline-style"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline-/, "outline-color"],
  [/^ring(-\d+)?$/, "ring-w"],
  [/^ring-inset$/, "ring-inset"],
  [/^ring-offset-\d+$/, "ring-offset-w"],
  [/^ring-offset-/, "ring-offset-color"],
  [/^ring-/, "ring-color"],
  [/^shadow(-(none|2xs|xs|sm|md|lg|xl|2xl|inner))?$/, "shadow"],
  [/^shadow-/, "shadow-color"],
  [/^(justify-items|justify-self|justify|items|content|self|place-items|place-content|place-self)-/, "$1"],
  [/^flex-(row|row-reverse|col|col-reverse)$/, "flex-direction"],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^flex-/, "flex"],
  [/^(grow|shrink|basis)(-|$)/, "$1"],
  [/^(grid-cols|grid-rows|col-span|row-span|col|row)-/, "$1"],
];

// A later kind that replaces these earlier ones as well (`p-4` after `px-2`, like tailwind-merge).
const ALSO: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  rounded: [
    "rounded-t",
    "rounded-r",
    "rounded-b",
    "rounded-l",
    "rounded-tl",
    "rounded-tr",
    "rounded-br",
    "rounded-bl",
    "rounded-s",
    "rounded-e",
  ],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-color": [
    "border-color-x",
    "border-color-y",
    "border-color-t",
    "border-color-r",
    "border-color-b",
    "border-color-l",
  ],
  size: ["w", "h"],
  overflow: ["overflow-x", "overflow-y"],
};

const kinds = new Map<string, string>();

function kindOf(utility: string): string {
  let kind = kinds.get(utility);
  if (kind === undefined) kinds.set(utility, (kind = findKind(utility)));
  return kind;
}

function findKind(utility: string): string {
  const bare = utility.replace(/^!|!$/g, "");
  for (const [pattern, kind] of KINDS) {
    const match = bare.match(pattern);
    if (match) return kind.replace(/\$(\d)/g, (_, i: string) => match[Number(i)] ?? "");
  }
  return bare;
}

export function mergeClasses(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const tokens = classes.split(/\s+/).filter(Boolean);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    const split = token.lastIndexOf(":", token.includes("[") ? token.indexOf("[") : token.length);
    const variants = split === -1 ? "" : token.slice(0, split + 1);
    const kind = kindOf(token.slice(split + 1));
    const key = `${variants}${kind}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const replaced of ALSO[kind] ?? []) taken.add(`${variants}${replaced}`);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}

// A page renders the same few class lists over and over (every card, every button): each is merged once.
const merged = new Map<string, string>();

export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  let result = merged.get(classes);
  if (result === undefined) {
    result = mergeClasses(classes);
    // (bounded: a class list built from data must not grow it without end)
    if (merged.size < 500) merged.set(classes, result);
  }
  return result;
}
