// A value to copy whole (an address to send XRP to): shown in full, with a Copy button that says
// when it copied.
import { Check, Copy } from "lucide-react";
import { buttonClass } from "../ui/button";
import { useCopy } from "../ui/CopyButton";

export function CopyText({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy(text);
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-2">
      <code className="font-mono text-sm break-all text-slate-900">{text}</code>
      <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
        <span aria-live="polite">
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> {label}</span>
        </span>
      </button>
    </span>
  );
}
