// A small button that copies a text (a hash, an address) and says "Copied" for a moment.
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";

const COPIED_MS = 1_500;

export const ICON_BUTTON =
  "inline-flex h-7 w-7 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // no clipboard (an insecure origin, a refused permission): the title still shows the text
    }
  };

  return (
    <>
      <button type="button" className={ICON_BUTTON} aria-label={label} onClick={() => void copy()}>
        {copied ? (
          <Check aria-hidden="true" className="h-4 w-4 text-green-700" />
        ) : (
          <Copy aria-hidden="true" className="h-4 w-4" />
        )}
      </button>
      {copied && (
        <span role="status" className="text-xs font-medium text-green-700">
          Copied
        </span>
      )}
    </>
  );
}
