// Where a transaction hash links to: the network's explorer, the sandbox's own page, or the
// operator's template (--explorer-url). `txUrl` holds `{hash}` for the web app to fill in.
export const EXPLORER_NETWORKS = ["mainnet", "testnet", "devnet", "sandbox", "custom"] as const;
export type ExplorerNetwork = (typeof EXPLORER_NETWORKS)[number];

export const HASH_PLACEHOLDER = "{hash}";

export const TX_URLS: Record<Exclude<ExplorerNetwork, "custom">, string> = {
  mainnet: "https://livenet.xrpl.org/transactions/{hash}",
  testnet: "https://testnet.xrpl.org/transactions/{hash}",
  devnet: "https://devnet.xrpl.org/transactions/{hash}",
  sandbox: "/sandbox/tx/{hash}",
};

export interface ExplorerView {
  network: ExplorerNetwork;
  txUrl: string;
}

export const explorerView = (network: ExplorerNetwork, txUrl: string): ExplorerView => ({ network, txUrl });
