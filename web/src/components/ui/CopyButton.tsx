// Copying a text (a hash, an address): the copy and its "Copied" moment, and the small icon button
// that does it.
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";

const COPIED_MS = 1_500;

export const ICON_BUTTON =
  "inline-flex h-7 w-7 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600";

// Copies `text`; `copied` is true for a moment after it did (no clipboard: an insecure origin or a
// refused permission, nothing happens and the text stays on the screen).
export function useCopy(text: string) {
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
      setCopied(false);
    }
  };
  return { copied, copy };
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy(text);
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
