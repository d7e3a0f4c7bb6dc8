// A small stand-in for lucide-react's createLucideIcon, which build.ts puts in its place for the web
// build: every icon file calls it with its SVG data. It renders the same <svg> (the same attributes,
// in the same order, and the same children) as lucide's runtime (its Icon component, context, class
// merge and node builder, about 1 KiB gzip on /) for the props the app passes: className, aria-*,
// role, title, children, size, color and strokeWidth. Not absoluteStrokeWidth, nonScalingStroke or
// a LucideProvider: the app uses none of them. lucide-icon.test.ts renders every icon both ways.
import { createElement, type ReactNode } from "react";

type IconData = { name: string; size?: number; node: [string, Record<string, string>][]; aliases?: string[] };
type IconProps = Record<string, unknown> & {
  className?: string;
  children?: ReactNode;
  size?: number | string;
  color?: string;
  strokeWidth?: number | string;
};

// An accessible name or role given: lucide leaves the icon visible to assistive technology.
const labelled = (props: Record<string, unknown>) =>
  Object.keys(props).some(
    (key) => (key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null,
  );

export default function createLucideIcon(icon: IconData) {
  const box = icon.size ?? 24;
  const own = [
    "lucide",
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).filter((alias) => alias.trim()).map((alias) => `lucide-${alias}`),
  ];
  // (React 19 passes a ref as a prop: it reaches the <svg> with the rest)
  return ({ className, children, size = 24, color = "currentColor", strokeWidth = 2, ...rest }: IconProps) =>
    createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: "none",
        stroke: color,
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...new Set([...own, ...(className ?? "").split(/\s+/)])].filter(Boolean).join(" "),
        ...(!children && !labelled(rest) && { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
}
