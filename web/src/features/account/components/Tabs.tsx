import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "../../../lib/cn";

export type TabItem<Id extends string> = { id: Id; label: ReactNode; content: ReactNode };

type Props<Id extends string> = {
  label: string;
  items: TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
};

// Tabs in the WAI-ARIA pattern: one tab stop, arrow keys / Home / End move and select, every panel labelled by its tab.
export function Tabs<Id extends string>({ label, items, selected, onSelect }: Props<Id>) {
  const base = useId();
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${base}-tab-${id}`;
  const panelId = (id: Id) => `${base}-panel-${id}`;

  const move = (to: number) => {
    const next = items[(to + items.length) % items.length]!;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.id === selected);
    const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: items.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid auto-cols-fr grid-flow-col gap-1 sm:flex rounded-xl border border-slate-200 bg-slate-100 p-1"
      >
        {items.map(({ id, label: tabLabel }) => (
          <button
            key={id}
            ref={(element) => {
              if (element) refs.current.set(id, element);
              else refs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={tabId(id)}
            aria-selected={selected === id}
            aria-controls={panelId(id)}
            tabIndex={selected === id ? 0 : -1}
            onClick={() => onSelect(id)}
            className={cn(
              "inline-flex min-h-10 min-w-0 items-center justify-center gap-1.5 rounded-lg px-2 py-2 text-center text-sm leading-tight font-semibold transition-colors sm:flex-auto sm:gap-2 sm:px-3 sm:whitespace-nowrap",
              selected === id
                ? "bg-white text-brand-700 shadow-sm"
                : "text-slate-600 hover:bg-white/60 hover:text-slate-900",
            )}
          >
            {tabLabel}
          </button>
        ))}
      </div>
      {items.map(({ id, content }) => (
        <div
          key={id}
          role="tabpanel"
          id={panelId(id)}
          aria-labelledby={tabId(id)}
          hidden={selected !== id}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs pattern: a panel takes focus so Tab reaches its content from the tab list
          tabIndex={0}
          className="mt-4 rounded-xl"
        >
          {content}
        </div>
      ))}
    </div>
  );
}
