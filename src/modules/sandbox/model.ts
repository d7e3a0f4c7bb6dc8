// The sandbox ledger's read-only transaction page: plain HTML built on the server, every value
// escaped, no script (the site's content security policy applies).
import { escapeHtml } from "../../shared/html.ts";
import { formatXrp, readableXrp } from "../../shared/money.ts";
import type { SandboxTransaction } from "../../payouts/simulator/index.ts";

// 64 hexadecimal characters, as a transaction id is
export const TX_HASH_PATTERN = /^[0-9A-Fa-f]{64}$/;

// The ledger keeps close times in seconds since 2000-01-01 (the Ripple epoch).
const RIPPLE_EPOCH_MS = Date.UTC(2000, 0, 1);

const xrp = (drops: bigint | null) => (drops === null ? "—" : readableXrp(formatXrp(Number(drops))));

// A ledger result as a visitor reads it (the ledger's own code is for the operator's logs).
const RESULT_WORDS: Record<string, string> = {
  tesSUCCESS: "Delivered",
  tecNO_DST_INSUF_XRP:
    "Not delivered: the destination account does not exist yet, and the amount is too small to create it",
  tecDST_TAG_NEEDED: "Not delivered: the destination needs a destination tag",
  tecUNFUNDED_PAYMENT: "Not delivered: the sending wallet did not have enough XRP",
  tecNO_PERMISSION: "Not delivered: the destination does not accept payments from this wallet",
};
export const resultWords = (result: string) => RESULT_WORDS[result] ?? "Not delivered: the ledger refused this payment";

export const NOT_IN_SANDBOX = "This transaction is not in the sandbox ledger.";
export const NOT_SANDBOX_MODE =
  "This server pays on a real XRP Ledger, not the sandbox: there is no sandbox transaction page.";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox ledger</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:46rem;margin:2rem auto;padding:0 1rem}
.note{background:#f5f3ff;color:#4c1d95;border-radius:.5rem;padding:.75rem 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem}
dt{font-weight:600;color:#475569}dd{margin:0;overflow-wrap:anywhere}
code{font-family:ui-monospace,monospace}
.ok{color:#15803d;font-weight:700}.failed{color:#b91c1c;font-weight:700}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
${body}
<p><a href="/">Back to the faucet</a></p>
</main>
</body>
</html>
`;
}

export function transactionPage(tx: SandboxTransaction): string {
  const rows: [string, string][] = [
    [
      "Result",
      `<span class="${tx.result === "tesSUCCESS" ? "ok" : "failed"}">${escapeHtml(resultWords(tx.result))}</span>`,
    ],
    ["Type", escapeHtml(tx.type)],
    ["Amount", escapeHtml(xrp(tx.amountDrops))],
  ];
  if (tx.deliveredDrops !== null && tx.deliveredDrops !== tx.amountDrops)
    rows.push(["Amount delivered", escapeHtml(xrp(tx.deliveredDrops))]);
  rows.push(
    ["From", `<code>${escapeHtml(tx.account)}</code>`],
    ["To", tx.destination === null ? "—" : `<code>${escapeHtml(tx.destination)}</code>`],
    ["Destination tag", tx.destinationTag === null ? "none" : escapeHtml(String(tx.destinationTag))],
    ["Ledger", escapeHtml(String(tx.ledgerIndex))],
    [
      "Closed",
      escapeHtml(new Date(RIPPLE_EPOCH_MS + tx.closeTime * 1000).toISOString().replace("T", " ").slice(0, 19) + " UTC"),
    ],
    ["Fee", escapeHtml(xrp(tx.feeDrops))],
    ["Hash", `<code>${escapeHtml(tx.hash)}</code>`],
  );
  const list = rows.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join("\n");
  return page(
    `Transaction ${tx.hash.slice(0, 8)}`,
    `<h1>Sandbox transaction</h1>
<p class="note">Sandbox mode: this ledger is simulated by this server. Nothing real was sent.</p>
<dl>
${list}
</dl>`,
  );
}

export function notFoundPage(message: string, hash: string): string {
  return page(
    "Not found",
    `<h1>Transaction not found</h1>
<p>${escapeHtml(message)}</p>
<p><code>${escapeHtml(hash.slice(0, 200))}</code></p>`,
  );
}
