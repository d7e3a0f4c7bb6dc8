// cn's small merge gives what tailwind-merge gives on the app's own class lists: every className
// written in web/src alone, and each one after the button's, the card's and the field's own classes.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { twMerge } from "tailwind-merge";
import { cn, mergeClasses } from "./cn";

const root = new URL("../", import.meta.url).pathname;
const lists = new Set<string>();
for (const file of new Glob("**/*.{ts,tsx}").scanSync(root)) {
  if (file.endsWith(".test.ts")) continue;
  const source = await Bun.file(root + file).text();
  for (const m of source.matchAll(/className(?:=|: )"([^"]+)"/g)) lists.add(m[1]!);
  for (const m of source.matchAll(/cn\(\s*"([^"]+)"/g)) lists.add(m[1]!);
}
// tailwind-merge takes Tailwind 3's bg-gradient-to-* for a background colour and drops the colour
// before it; both apply (an image over a colour), so cn keeps both.
for (const list of lists) if (list.includes("bg-gradient-")) lists.delete(list);

const BASES = [
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 bg-brand-600 text-white shadow-sm hover:bg-brand-700 h-10 px-4 text-sm",
  "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 h-12 px-6 text-base rounded-lg",
  "rounded-xl border border-slate-200 bg-white shadow-sm p-4",
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600",
];

describe("cn", () => {
  test("finds the app's class lists", () => {
    expect(lists.size).toBeGreaterThan(100);
  });

  test("each class list alone merges as tailwind-merge merges it", () => {
    const differ = [...lists].filter((list) => mergeClasses(list) !== twMerge(list));
    expect(differ).toEqual([]);
  });

  test("each class list after a button's, a card's or a field's own classes merges as tailwind-merge merges it", () => {
    const differ: string[] = [];
    for (const base of BASES)
      for (const list of lists)
        if (cn(base, list) !== twMerge(base, list)) differ.push(`${list}: ${cn(base, list)} | ${twMerge(base, list)}`);
    expect(differ).toEqual([]);
  });

  test("later classes of a kind win; other kinds stay", () => {
    expect(cn("px-4 py-2 rounded-lg", "p-6 rounded-full")).toBe("p-6 rounded-full");
    expect(cn("p-6", "px-2")).toBe("p-6 px-2");
    expect(cn("text-sm text-slate-800", "text-red-700")).toBe("text-sm text-red-700");
    expect(cn("border border-slate-300", "border-red-700")).toBe("border border-red-700");
    expect(cn("hover:bg-slate-50 bg-white", "bg-brand-600")).toBe("hover:bg-slate-50 bg-brand-600");
    expect(cn("a", false, undefined, "b")).toBe("a b");
  });
});
