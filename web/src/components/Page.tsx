import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { usePageTitle } from "../lib/usePageTitle";

type Props = { title: string; intro?: ReactNode; children?: ReactNode; className?: string };

// A content page: its h1, an optional intro line, then the page body.
export function Page({ title, intro, children, className }: Props) {
  usePageTitle(title);
  return (
    <div className={cn("mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14", className)}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {intro && <p className="mt-3 max-w-2xl text-lg text-slate-600">{intro}</p>}
      {children && <div className="mt-8">{children}</div>}
    </div>
  );
}
