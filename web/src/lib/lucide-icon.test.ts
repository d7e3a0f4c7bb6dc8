// The stand-in build.ts puts in place of lucide-react's createLucideIcon renders what lucide's own
// runtime renders: every icon lucide-react ships, with the props the app passes, with and without
// the React keys the build leaves out.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import createLucideIcon from "./lucide-icon";

const icons = new URL("../../../node_modules/lucide-react/dist/esm/icons/", import.meta.url).pathname;

const PROPS: Record<string, unknown>[] = [
  {},
  { className: "h-4 w-4 shrink-0" },
  { "aria-hidden": "true", className: "h-5 w-5" },
  { "aria-label": "Close", className: "h-5 w-5 lucide h-5" },
  { role: "img", title: "Status" },
  { size: 16, color: "#2563eb", strokeWidth: 1.5, className: "text-slate-500", "data-testid": "icon" },
];

describe("lucide icon stand-in", () => {
  // (it imports every icon module: seconds on a loaded machine, past bun's 5 s default)
  test("renders every icon as lucide-react does", async () => {
    let compared = 0;
    for (const file of new Glob("*.mjs").scanSync(icons)) {
      const module = await import(icons + file);
      // (an alias's file only re-exports its icon)
      if (!module.__iconData) continue;
      const lucide = module.default as ComponentType<Record<string, unknown>>;
      const standIn = createLucideIcon(module.__iconData);
      // (as the build gives it: without the elements' React keys)
      const data = module.__iconData as Parameters<typeof createLucideIcon>[0];
      const withoutKeys = createLucideIcon({
        ...data,
        node: data.node.map(([tag, { key: _, ...attributes }]) => [tag, attributes]),
      });
      for (const props of PROPS) {
        const markup = renderToStaticMarkup(createElement(lucide, props));
        expect(renderToStaticMarkup(createElement(standIn, props))).toBe(markup);
        expect(renderToStaticMarkup(createElement(withoutKeys, props))).toBe(markup);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(1000);
  }, 60_000);

  test("shows children and leaves an icon with children visible to assistive technology", () => {
    const { __iconData } = require("lucide-react/dist/esm/icons/droplet.mjs");
    const { Droplet } = require("lucide-react");
    const child = createElement("title", null, "Drop");
    expect(renderToStaticMarkup(createElement(createLucideIcon(__iconData), null, child))).toBe(
      renderToStaticMarkup(createElement(Droplet, null, child)),
    );
  });
});
