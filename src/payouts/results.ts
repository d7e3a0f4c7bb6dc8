// What XRPL transaction results mean, in words an admin can act on.
const MEANINGS: Record<string, string> = {
  tesSUCCESS: "paid",
  tecNO_DST_INSUF_XRP: "the destination account does not exist and the amount is below the reserve needed to create it",
  tecDST_TAG_NEEDED: "the destination requires a destination tag",
  tecNO_PERMISSION: "the destination does not accept payments from this wallet (DepositAuth)",
  tecUNFUNDED_PAYMENT: "the hot wallet does not hold enough XRP",
  tecNO_DST: "the destination account does not exist",
  tecPATH_DRY: "no path could deliver the amount",
  tefPAST_SEQ: "the Sequence was already used",
  tefMAX_LEDGER: "the transaction expired before it reached a ledger",
  telCAN_NOT_QUEUE_FULL: "the server's queue for this account is full",
  telINSUF_FEE_P: "the fee is below what the server currently asks",
  terPRE_SEQ: "waiting for an earlier transaction of this account",
  terQUEUED: "queued for a later ledger",
  temBAD_AMOUNT: "the amount is invalid",
  temMALFORMED: "the transaction is malformed",
  temBAD_SIGNATURE: "the signature is invalid",
};

export function describeResult(code: string): string {
  const meaning = MEANINGS[code];
  return meaning ? `${code} (${meaning})` : code;
}
