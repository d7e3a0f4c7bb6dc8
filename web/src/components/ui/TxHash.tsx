import { useQuery } from "@tanstack/react-query";
import { Check, Copy, ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { api, unwrap } from "../../api/client";
import { cn } from "../../lib/cn";

export const explorerKey = ["/api/explorer"] as const;

// Where transaction hashes link to (GET /api/explorer): the network's explorer, the sandbox's own
// page, or the operator's template. It does not change while the server runs.
export const useExplorer = () =>
  useQuery({ queryKey: explorerKey, queryFn: () => unwrap(api.explorer.get()), staleTime: Number.POSITIVE_INFINITY });

const COPIED_MS = 1_500;

export const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

// A transaction hash: shortened (the full one in the title), a button copying the full hash, and a
// link to the transaction on the explorer (once /api/explorer has answered).
export function TxHash({ hash, short = true, className }: { hash: string; short?: boolean; className?: string }) {
  const explorer = useExplorer();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopied(true);
    } catch {
      // no clipboard (an insecure origin, a refused permission): the title still shows the hash
    }
  };

  const template = explorer.data?.txUrl;
  const href = template ? template.replaceAll("{hash}", encodeURIComponent(hash)) : undefined;
  const sameTab = explorer.data?.network === "sandbox";
  const iconButton =
    "inline-flex h-7 w-7 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600";

  return (
    <span className={cn("inline-flex items-center gap-1", className)}>
      <span className="font-mono text-sm" title={hash}>
        {short ? shortHash(hash) : hash}
      </span>
      <button type="button" className={iconButton} aria-label="Copy transaction hash" onClick={() => void copy()}>
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
      {href && (
        <a
          href={href}
          className={iconButton}
          aria-label="View transaction on explorer"
          {...(sameTab ? {} : { target: "_blank", rel: "noopener noreferrer" })}
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
        </a>
      )}
    </span>
  );
}
