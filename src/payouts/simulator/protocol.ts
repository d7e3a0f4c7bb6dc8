// What the simulator shares with rippled's protocol: result codes and their messages, ledger entry
// keys, amendment ids, time formats. Codes come from ripple-binary-codec's definitions (generated
// from rippled's server_definitions); messages from rippled's TER.cpp.
import { sha512 } from "@noble/hashes/sha2.js";
import { decodeAccountID } from "ripple-address-codec";
import definitions from "ripple-binary-codec/dist/enums/definitions.json" with { type: "json" };

export const DEFINITIONS = definitions as unknown as {
  hash: string;
  FIELDS: [
    string,
    { nth: number; isVLEncoded: boolean; isSerialized: boolean; isSigningField: boolean; type: string },
  ][];
  LEDGER_ENTRY_TYPES: Record<string, number>;
  TRANSACTION_RESULTS: Record<string, number>;
  TRANSACTION_TYPES: Record<string, number>;
  TRANSACTION_FORMATS: Record<string, { name: string; optionality: number }[]>;
  TYPES: Record<string, number>;
};

const MESSAGES: Record<string, string> = {
  tesSUCCESS: "The transaction was applied. Only final in a validated ledger.",
  tecUNFUNDED_PAYMENT: "Insufficient XRP balance to send.",
  tecNO_DST_INSUF_XRP: "Destination does not exist. Too little XRP sent to create it.",
  tecDST_TAG_NEEDED: "A destination tag is required.",
  tecNO_PERMISSION: "No permission to perform requested operation.",
  tecNO_ALTERNATIVE_KEY: "The operation would remove as many keys as it can.",
  tefALREADY: "The exact transaction was already in this ledger.",
  tefBAD_AUTH: "Transaction's public key is not authorized.",
  tefPAST_SEQ: "This sequence number has already passed.",
  tefMAX_LEDGER: "Ledger sequence too high.",
  telINSUF_FEE_P: "Fee insufficient.",
  telBAD_DOMAIN: "Domain too long.",
  telCAN_NOT_QUEUE_FULL: "Can not queue at this time: queue is full.",
  telNETWORK_ID_MAKES_TX_NON_CANONICAL:
    "Transactions submitted to this node/network must NOT include a NetworkID field.",
  telREQUIRES_NETWORK_ID: "Transactions submitted to this node/network must include a correct NetworkID field.",
  terINSUF_FEE_B: "Account balance can't pay fee.",
  terNO_ACCOUNT: "The source account does not exist.",
  terPRE_SEQ: "Missing/inapplicable prior transaction.",
  temBAD_AMOUNT: "Malformed: Bad amount.",
  temBAD_FEE: "Invalid fee, negative or not XRP.",
  temBAD_SIGNATURE: "Malformed: Bad signature.",
  temBAD_SEND_XRP_LIMIT: "Malformed: Limit quality is not allowed for XRP to XRP.",
  temBAD_SEND_XRP_MAX: "Malformed: Send max is not allowed for XRP to XRP.",
  temBAD_SEND_XRP_NO_DIRECT: "Malformed: No Ripple direct is not allowed for XRP to XRP.",
  temBAD_SEND_XRP_PARTIAL: "Malformed: Partial payment specified for XRP to XRP.",
  temBAD_SEND_XRP_PATHS: "Malformed: Paths are not allowed for XRP to XRP.",
  temDISABLED: "The transaction requires logic that is currently disabled.",
  temDST_NEEDED: "Destination not specified.",
  temINVALID_FLAG: "The transaction has an invalid flag.",
  temMALFORMED: "Malformed transaction.",
  temREDUNDANT: "The transaction is redundant.",
  temUNKNOWN: "The transaction requires logic that is not implemented yet.",
};

export const resultCode = (token: string): number => DEFINITIONS.TRANSACTION_RESULTS[token] ?? -1;
export const resultMessage = (token: string): string => MESSAGES[token] ?? token;

export function sha512Half(hex: string): string {
  return Buffer.from(sha512(Buffer.from(hex, "hex")))
    .subarray(0, 32)
    .toString("hex")
    .toUpperCase();
}

// Ledger entry keys (rippled's keylets): SHA-512Half of a 2-byte space key and the entry's id.
export const keylet = {
  account: (address: string) => sha512Half(`0061${Buffer.from(decodeAccountID(address)).toString("hex")}`),
  skipList: () => sha512Half("0073"),
  fees: () => sha512Half("0065"),
  amendments: () => sha512Half("0066"),
};

export const ZERO_HASH = "0".repeat(64);

// Amendments a stand-alone rippled knows. The sandbox says enabled only for what it implements;
// the rest are known (supported) but not enabled, which is why their transactions get temDISABLED.
const ENABLED = [
  "XRPFees",
  "DeletableAccounts",
  "DepositAuth",
  "RequireFullyCanonicalSig",
  "Flow",
  "fix1578",
  "fixMasterKeyAsRegularKey",
];
const NOT_ENABLED = [
  "AMM",
  "AMMClawback",
  "Batch",
  "Checks",
  "Clawback",
  "Credentials",
  "DeepFreeze",
  "DepositPreauth",
  "DID",
  "DisallowIncoming",
  "DynamicNFT",
  "Escrow",
  "ExpandedSignerList",
  "MPTokensV1",
  "MultiSignReserve",
  "NonFungibleTokensV1_1",
  "PayChan",
  "PermissionDelegation",
  "PermissionedDomains",
  "PriceOracle",
  "SingleAssetVault",
  "TicketBatch",
  "TokenEscrow",
  "TrustSetAuth",
  "XChainBridge",
];
export const amendmentId = (name: string) => sha512Half(Buffer.from(name, "ascii").toString("hex"));
export const AMENDMENTS = [
  ...ENABLED.map((name) => ({ name, enabled: true })),
  ...NOT_ENABLED.map((name) => ({ name, enabled: false })),
].map((a) => ({
  ...a,
  id: amendmentId(a.name),
}));

const RIPPLE_EPOCH = 946_684_800;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

// 2024-01-26T18:40:51Z, as rippled's to_string_iso.
export const isoTime = (rippleSeconds: number) =>
  new Date((rippleSeconds + RIPPLE_EPOCH) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

// 2024-Jan-26 18:40:51.000000000 UTC, as rippled's to_string of a NetClock time point.
export function humanTime(ms: number, fractionDigits: number): string {
  const d = new Date(ms);
  const fraction = fractionDigits > 0 ? `.${pad(d.getUTCMilliseconds(), 3).padEnd(fractionDigits, "0")}` : "";
  return `${d.getUTCFullYear()}-${MONTHS[d.getUTCMonth()]}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${fraction} UTC`;
}
export const closeTimeHuman = (rippleSeconds: number) => humanTime((rippleSeconds + RIPPLE_EPOCH) * 1000, 9);

// The concise transaction id rippled gives a validated transaction (XLS-37).
export function ctid(ledgerIndex: number, transactionIndex: number, networkId: number): string | undefined {
  if (transactionIndex > 0xffff || networkId >= 0xffff || ledgerIndex >= 0x0fffffff) return undefined;
  const value = ((0xc0000000n + BigInt(ledgerIndex)) << 32n) + (BigInt(transactionIndex) << 16n) + BigInt(networkId);
  return value.toString(16).toUpperCase().padStart(16, "0");
}
