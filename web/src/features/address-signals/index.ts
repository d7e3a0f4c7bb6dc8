// What other features use of the address signals: the ledger's evidence under a request's risk (the
// faucet's request list, the user file) and the bulk-approval summary.
export { clusterSummary, LedgerEvidence } from "./components/LedgerEvidence";
