// Which explorer a transaction hash links to. The operator's template wins; the sandbox links to
// this binary's own page; a real ledger by its network id (server_info's network_id: 0 mainnet,
// 1 testnet, 2 devnet), asked once, else guessed from the server's address; mainnet otherwise.
import type { PayoutRuntime } from "../../payouts/runtime.ts";
import { explorerView, type ExplorerNetwork, type ExplorerView, TX_URLS } from "./model.ts";

export interface ExplorerDeps {
  // --explorer-url, already validated by config.ts (holds {hash})
  explorerUrl: string | null;
  runtime: PayoutRuntime | null;
}

const BY_NETWORK_ID: Record<number, Exclude<ExplorerNetwork, "custom" | "sandbox">> = {
  0: "mainnet",
  1: "testnet",
  2: "devnet",
};

// The public servers' addresses, for when the ledger cannot be asked yet.
export function networkFromUrl(url: string): Exclude<ExplorerNetwork, "custom" | "sandbox"> | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (host.includes("devnet")) return "devnet";
  if (host.includes("altnet") || host.includes("testnet")) return "testnet";
  if (
    host === "xrplcluster.com" ||
    host.endsWith(".ripple.com") ||
    host === "xrpl.ws" ||
    host.includes("livenet") ||
    host.includes("mainnet")
  )
    return "mainnet";
  return null;
}

export function createExplorerService({ explorerUrl, runtime }: ExplorerDeps) {
  let known: ExplorerView | null = null;
  if (explorerUrl) known = explorerView("custom", explorerUrl);
  else if (!runtime) known = explorerView("mainnet", TX_URLS.mainnet);
  else if (runtime.mode === "sandbox") known = explorerView("sandbox", TX_URLS.sandbox);

  return {
    async current(): Promise<ExplorerView> {
      if (known) return known;
      const guessed = networkFromUrl(runtime!.url);
      try {
        const facts = await runtime!.ledger.facts();
        const network = BY_NETWORK_ID[facts.networkId] ?? guessed ?? "mainnet";
        known = explorerView(network, TX_URLS[network]);
        return known;
      } catch {
        // the ledger is unreachable for now: answer from the address, ask again next time
        const network = guessed ?? "mainnet";
        return explorerView(network, TX_URLS[network]);
      }
    },
  };
}
export type ExplorerService = ReturnType<typeof createExplorerService>;
