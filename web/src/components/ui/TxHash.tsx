import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { api, unwrap } from "../../api/client";
import { cn } from "../../lib/cn";
import { CopyButton, ICON_BUTTON } from "./CopyButton";
import { t } from "../../i18n";

export const explorerKey = ["/api/explorer"] as const;

// Where transaction hashes link to (GET /api/explorer): the network's explorer, the sandbox's own
// page, or the operator's template. It does not change while the server runs.
export const useExplorer = () =>
  useQuery({ queryKey: explorerKey, queryFn: () => unwrap(api.explorer.get()), staleTime: Number.POSITIVE_INFINITY });

export const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

// A transaction hash: shortened (the full one in the title), a button copying the full hash, and a
// link to the transaction on the explorer (once /api/explorer has answered).
export function TxHash({ hash, short = true, className }: { hash: string; short?: boolean; className?: string }) {
  const explorer = useExplorer();

  const template = explorer.data?.txUrl;
  const href = template ? template.replaceAll("{hash}", encodeURIComponent(hash)) : undefined;
  const sameTab = explorer.data?.network === "sandbox";

  return (
    <span className={cn("inline-flex items-center gap-1", className)}>
      <span className="font-mono text-sm" title={hash}>
        {short ? shortHash(hash) : hash}
      </span>
      <CopyButton text={hash} label={t("common.tx.copy")} />
      {href && (
        <a
          href={href}
          className={ICON_BUTTON}
          aria-label={t("common.tx.explorer")}
          {...(sameTab ? {} : { target: "_blank", rel: "noopener noreferrer" })}
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
        </a>
      )}
    </span>
  );
}
