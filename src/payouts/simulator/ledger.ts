// The simulated ledger's state and rules: accounts, the open ledger, closing (a closed ledger is
// validated at once, as on a stand-alone rippled) and the checks rippled makes, in its order.
import { decode, encodeForSigning } from "ripple-binary-codec";
import { deriveAddress, verify } from "ripple-keypairs";
import { hashes } from "xrpl";
import { AMENDMENTS, DEFINITIONS, keylet, sha512Half, ZERO_HASH } from "./protocol.ts";
import { StateHasher } from "./shamap.ts";

export const GENESIS = { address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", seed: "snoPBrXtMeMyMHUVTgbuqAfg1SUTb" };
const GENESIS_DROPS = 100_000_000_000n * 1_000_000n;

const LSF_REQUIRE_DEST_TAG = 0x00020000;
const LSF_DISALLOW_XRP = 0x00080000;
const LSF_DEPOSIT_AUTH = 0x01000000;
const ASF = { requireDestTag: 1, disallowXRP: 3, depositAuth: 9 } as const;
const ASF_DISABLE_MASTER = 4;
// AccountSet flags of features the sandbox does not have (trust lines, freezes, NFTs, ...).
const ASF_UNSUPPORTED = new Set([2, 5, 6, 7, 8, 10, 12, 13, 14, 15, 16, 17]);
const TF_UNIVERSAL = 0x80000000 | 0x40000000;
const TF_PAYMENT = { noRippleDirect: 0x00010000, partialPayment: 0x00020000, limitQuality: 0x00040000 };
const TF_ACCOUNT_SET = {
  requireDestTag: 0x00010000,
  optionalDestTag: 0x00020000,
  requireAuth: 0x00040000,
  optionalAuth: 0x00080000,
  disallowXRP: 0x00100000,
  allowXRP: 0x00200000,
};
// Fields the sandbox implements; any other field a transaction may carry is refused (temDISABLED).
const COMMON_FIELDS = new Set([
  "TransactionType",
  "Flags",
  "SourceTag",
  "Account",
  "Sequence",
  "LastLedgerSequence",
  "Fee",
  "Memos",
  "SigningPubKey",
  "TxnSignature",
  "NetworkID",
]);
const TYPE_FIELDS: Record<string, Set<string>> = {
  Payment: new Set(["Destination", "Amount", "DestinationTag", "InvoiceID"]),
  AccountSet: new Set(["SetFlag", "ClearFlag", "Domain"]),
};

export interface AccountState {
  address: string;
  balanceDrops: bigint;
  sequence: number;
  ownerCount: number;
  flags: { requireDestTag: boolean; depositAuth: boolean; disallowXRP: boolean };
  // The AccountRoot's thread: the last transaction that changed it (absent on a fresh genesis).
  previousTxnId?: string;
  previousTxnLgrSeq?: number;
  domain?: string;
}

// A closed ledger's header (hashes as rippled computes them, except transaction_hash: see below).
export interface LedgerHeader {
  hash: string;
  closeTime: number;
  parentHash?: string;
  parentCloseTime?: number;
  accountHash?: string;
  transactionHash?: string;
  totalCoins?: string;
  txHashes?: string[];
}

export interface AppliedPayment {
  hash: string;
  account: string;
  destination: string;
  destinationTag: number | null;
  amountDrops: bigint;
  deliveredDrops: bigint;
  feeDrops: bigint;
  sequence: number;
  result: string;
  ledgerIndex: number;
  foreign: boolean;
}

export interface TxRecord {
  hash: string;
  tx: Record<string, any>;
  result: string;
  delivered: bigint | null;
  ledgerIndex: number;
  transactionIndex: number;
  closeTime: number;
  foreign: boolean;
  // meta.AffectedNodes, as rippled writes them (sorted by LedgerIndex)
  affectedNodes?: Record<string, unknown>[];
}

interface Pending {
  hash: string;
  tx: Record<string, any>;
  foreign: boolean;
}

export interface LedgerOptions {
  networkId: number;
  reserveBaseDrops: bigint;
  reserveIncDrops: bigint;
  baseFeeDrops: bigint;
}

export interface LedgerSnapshot {
  validatedIndex: number;
  firstIndex: number;
  ledgerHashes: [number, string, number, Omit<LedgerHeader, "hash" | "closeTime">?][];
  accounts: (Omit<AccountState, "balanceDrops"> & { balanceDrops: string })[];
  txs: (Omit<TxRecord, "delivered"> & { delivered: string | null })[];
}

// Seconds since the XRPL epoch (2000-01-01).
export const rippleTime = (ms: number) => Math.floor(ms / 1000) - 946_684_800;

const randomHash = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(32)))
    .toString("hex")
    .toUpperCase();

const rootKeys = new Map<string, string>();
export const accountKey = (address: string) => {
  let key = rootKeys.get(address);
  if (!key) rootKeys.set(address, (key = keylet.account(address)));
  return key;
};

// The AccountRoot ledger entry of an account, as ledger_entry / account_info show it.
export function accountRoot(a: AccountState): Record<string, unknown> {
  const root: Record<string, unknown> = {
    Account: a.address,
    Balance: a.balanceDrops.toString(),
    Flags: accountFlagsBits(a.flags),
    LedgerEntryType: "AccountRoot",
    OwnerCount: a.ownerCount,
  };
  if (a.domain) root.Domain = a.domain;
  if (a.previousTxnId) {
    root.PreviousTxnID = a.previousTxnId;
    root.PreviousTxnLgrSeq = a.previousTxnLgrSeq;
  }
  root.Sequence = a.sequence;
  root.index = accountKey(a.address);
  return root;
}

// The fields of an AccountRoot that metadata tracks (all but the thread and the key).
function rootFields(a: AccountState): Record<string, unknown> {
  const {
    index: _index,
    LedgerEntryType: _type,
    PreviousTxnID: _id,
    PreviousTxnLgrSeq: _seq,
    ...fields
  } = accountRoot(a);
  return fields;
}

export function accountFlagsBits(flags: AccountState["flags"]): number {
  return (
    (flags.requireDestTag ? LSF_REQUIRE_DEST_TAG : 0) |
    (flags.disallowXRP ? LSF_DISALLOW_XRP : 0) |
    (flags.depositAuth ? LSF_DEPOSIT_AUTH : 0)
  );
}

export class SimulatedLedger {
  accounts = new Map<string, AccountState>();
  txs = new Map<string, TxRecord>();
  // each account's validated transactions (sent or received), oldest first: account_tx's index
  byAccount = new Map<string, TxRecord[]>();
  pending: Pending[] = [];
  ledgerHashes = new Map<number, LedgerHeader>();
  validatedIndex = 2;
  firstIndex = 1;
  loadFactor = 1;
  private hasher = new StateHasher();

  constructor(
    readonly options: LedgerOptions,
    snapshot?: LedgerSnapshot,
  ) {
    if (snapshot) {
      this.restore(snapshot);
      return;
    }
    this.accounts.set(GENESIS.address, {
      address: GENESIS.address,
      balanceDrops: GENESIS_DROPS,
      sequence: 1,
      ownerCount: 0,
      flags: { requireDestTag: false, depositAuth: false, disallowXRP: false },
    });
    const now = rippleTime(Date.now());
    this.ledgerHashes.set(1, this.header(1, now, []));
    this.ledgerHashes.set(2, this.header(2, now, []));
  }

  get openIndex() {
    return this.validatedIndex + 1;
  }

  reserveOf(account: AccountState): bigint {
    return this.options.reserveBaseDrops + BigInt(account.ownerCount) * this.options.reserveIncDrops;
  }

  requiredFee(): bigint {
    return BigInt(Math.ceil(Number(this.options.baseFeeDrops) * this.loadFactor));
  }

  // The Sequence the next transaction of `address` would need, counting its queued ones.
  currentSequence(address: string): number | null {
    const account = this.accounts.get(address);
    if (!account) return null;
    let next = account.sequence;
    const queued = new Set(this.pending.filter((p) => p.tx.Account === address).map((p) => Number(p.tx.Sequence)));
    while (queued.has(next)) next++;
    return next;
  }

  pendingCount(address: string): number {
    return this.pending.filter((p) => p.tx.Account === address).length;
  }

  // Every ledger entry of the state tree after ledger `index`: the AccountRoots and the
  // singletons a stand-alone rippled has (skip list, fee settings, amendments).
  stateEntries(index = this.validatedIndex): Record<string, unknown>[] {
    const entries: Record<string, unknown>[] = [...this.accounts.values()].map(accountRoot);
    entries.push({
      LedgerEntryType: "FeeSettings",
      Flags: 0,
      BaseFeeDrops: this.options.baseFeeDrops.toString(),
      ReserveBaseDrops: this.options.reserveBaseDrops.toString(),
      ReserveIncrementDrops: this.options.reserveIncDrops.toString(),
      index: keylet.fees(),
    });
    entries.push({
      LedgerEntryType: "Amendments",
      Flags: 0,
      Amendments: AMENDMENTS.filter((a) => a.enabled).map((a) => a.id),
      index: keylet.amendments(),
    });
    if (index >= 2) {
      const hashesBefore: string[] = [];
      for (let i = Math.max(1, index - 256); i < index; i++) {
        const h = this.ledgerHashes.get(i);
        if (h) hashesBefore.push(h.hash);
      }
      entries.push({
        LedgerEntryType: "LedgerHashes",
        Flags: 0,
        Hashes: hashesBefore,
        LastLedgerSequence: index - 1,
        index: keylet.skipList(),
      });
    }
    return entries.sort((a, b) => String(a.index).localeCompare(String(b.index)));
  }

  totalCoins(): bigint {
    let total = 0n;
    for (const a of this.accounts.values()) total += a.balanceDrops;
    return total;
  }

  // A closed ledger's header. account_hash and ledger_hash are rippled's (SHAMap of the state,
  // SHA-512Half of the header); transaction_hash is SHA-512Half of the transaction ids in order,
  // since funding transactions from genesis are not signed blobs (zero for an empty ledger, as rippled).
  private header(index: number, closeTime: number, txHashes: string[]): LedgerHeader {
    const parent = this.ledgerHashes.get(index - 1);
    const parentHash = parent?.hash ?? ZERO_HASH;
    const parentCloseTime = parent?.closeTime ?? 0;
    const accountHash = this.hasher.rootHash(
      this.stateEntries(index).map((entry) => ({
        entry,
        stamp:
          entry.LedgerEntryType === "AccountRoot"
            ? `${entry.Balance}|${entry.Sequence}|${entry.Flags}|${entry.OwnerCount}|${entry.PreviousTxnID}|${entry.Domain}`
            : undefined,
      })),
    );
    const transactionHash = txHashes.length ? sha512Half(txHashes.join("")) : ZERO_HASH;
    const totalCoins = this.totalCoins().toString();
    const hash = hashes.hashLedgerHeader({
      ledger_index: index,
      total_coins: totalCoins,
      parent_hash: parentHash,
      transaction_hash: transactionHash,
      account_hash: accountHash,
      parent_close_time: parentCloseTime,
      close_time: closeTime,
      close_time_resolution: CLOSE_TIME_RESOLUTION,
      close_flags: 0,
    } as never);
    return { hash, closeTime, parentHash, parentCloseTime, accountHash, transactionHash, totalCoins, txHashes };
  }

  // Checks a signed blob the way rippled's submit does; queues it into the open ledger.
  submit(
    blob: string,
    queueLimit: number | null,
  ): { result: string; hash: string | null; tx: Record<string, any> | null; queued: boolean; error?: string } {
    let tx: Record<string, any>;
    try {
      tx = decode(blob) as Record<string, any>;
    } catch {
      return {
        result: "invalidTransaction",
        hash: null,
        tx: null,
        queued: false,
        error: "Unable to decode the transaction.",
      };
    }
    const hash = hashes.hashSignedTx(blob);
    const outOfFormat = this.fieldsOutsideFormat(tx);
    if (outOfFormat) return { result: "invalidTransaction", hash, tx, queued: false, error: outOfFormat };
    const { TxnSignature, ...unsigned } = tx;
    let signatureOk = false;
    try {
      signatureOk =
        typeof TxnSignature === "string" &&
        verify(encodeForSigning(unsigned as never), TxnSignature, String(tx.SigningPubKey));
    } catch {
      signatureOk = false;
    }
    if (!signatureOk) return { result: "temBAD_SIGNATURE", hash, tx, queued: false };
    if (deriveAddress(String(tx.SigningPubKey)) !== tx.Account)
      return { result: "tefBAD_AUTH", hash, tx, queued: false };
    if (this.txs.has(hash)) return { result: "tefALREADY", hash, tx, queued: false };
    if (this.pending.some((p) => p.hash === hash)) return { result: "tefALREADY", hash, tx, queued: true };
    if (tx.NetworkID !== undefined && this.options.networkId <= 1024)
      return { result: "telNETWORK_ID_MAKES_TX_NON_CANONICAL", hash, tx, queued: false };
    if (tx.NetworkID === undefined && this.options.networkId > 1024)
      return { result: "telREQUIRES_NETWORK_ID", hash, tx, queued: false };
    const malformed = this.malformed(tx);
    if (malformed) return { result: malformed, hash, tx, queued: false };
    if (tx.LastLedgerSequence !== undefined && Number(tx.LastLedgerSequence) < this.openIndex)
      return { result: "tefMAX_LEDGER", hash, tx, queued: false };
    const account = this.accounts.get(String(tx.Account));
    if (!account) return { result: "terNO_ACCOUNT", hash, tx, queued: false };
    const sequence = Number(tx.Sequence);
    if (sequence < account.sequence) return { result: "tefPAST_SEQ", hash, tx, queued: false };
    if (BigInt(String(tx.Fee)) < this.requiredFee()) return { result: "telINSUF_FEE_P", hash, tx, queued: false };
    if (queueLimit !== null && this.pendingCount(account.address) >= queueLimit)
      return { result: "telCAN_NOT_QUEUE_FULL", hash, tx, queued: false };
    this.pending.push({ hash, tx, foreign: false });
    // a later Sequence waits (held) until the ones before it arrive
    if (sequence !== account.sequence && !this.chainReaches(account.address, sequence))
      return { result: "terPRE_SEQ", hash, tx, queued: true };
    return { result: this.trial(tx), hash, tx, queued: true };
  }

  // Adds a transaction nobody signed (funding from genesis, a foreign use of a Sequence).
  submitForeign(tx: Record<string, any>): string {
    const hash = randomHash();
    this.pending.unshift({ hash, tx, foreign: true });
    return hash;
  }

  private chainReaches(address: string, sequence: number): boolean {
    const account = this.accounts.get(address)!;
    const queued = new Set(this.pending.filter((p) => p.tx.Account === address).map((p) => Number(p.tx.Sequence)));
    for (let s = account.sequence; s < sequence; s++) if (!queued.has(s)) return false;
    return true;
  }

  // rippled cannot even build a transaction with a field its type does not define ("fails local checks").
  private fieldsOutsideFormat(tx: Record<string, any>): string | null {
    const format = DEFINITIONS.TRANSACTION_FORMATS[String(tx.TransactionType)];
    if (!format) return null;
    const allowed = new Set([...DEFINITIONS.TRANSACTION_FORMATS.common!, ...format].map((f) => f.name));
    const extra = Object.keys(tx).filter((k) => !allowed.has(k));
    return extra.length ? `Field '${extra[0]}' is not allowed in ${tx.TransactionType}.` : null;
  }

  // rippled's preflight checks for the two transaction types the sandbox has; everything else
  // the sandbox does not implement is refused as a disabled feature, never accepted.
  private malformed(tx: Record<string, any>): string | null {
    const type = String(tx.TransactionType);
    const own = TYPE_FIELDS[type];
    if (!own) return "temDISABLED";
    if (Object.keys(tx).some((k) => !COMMON_FIELDS.has(k) && !own.has(k))) return "temDISABLED";
    if (typeof tx.Fee !== "string" || !/^\d+$/.test(tx.Fee)) return "temBAD_FEE";
    const flags = Number(tx.Flags ?? 0) >>> 0;
    if (type === "Payment") {
      const known = TF_UNIVERSAL | TF_PAYMENT.noRippleDirect | TF_PAYMENT.partialPayment | TF_PAYMENT.limitQuality;
      if ((flags & ~known) >>> 0) return "temINVALID_FLAG";
      if (tx.Destination === undefined) return "temDST_NEEDED";
      if (typeof tx.Amount !== "string") return "temDISABLED"; // issued currencies and MPTs: no trust lines here
      if (!/^\d+$/.test(tx.Amount) || BigInt(tx.Amount) <= 0n) return "temBAD_AMOUNT";
      if (flags & TF_PAYMENT.partialPayment) return "temBAD_SEND_XRP_PARTIAL";
      if (flags & TF_PAYMENT.limitQuality) return "temBAD_SEND_XRP_LIMIT";
      if (flags & TF_PAYMENT.noRippleDirect) return "temBAD_SEND_XRP_NO_DIRECT";
      if (tx.Destination === tx.Account) return "temREDUNDANT";
      return null;
    }
    // AccountSet
    const known = TF_UNIVERSAL | Object.values(TF_ACCOUNT_SET).reduce((a, b) => a | b, 0);
    if ((flags & ~known) >>> 0) return "temINVALID_FLAG";
    const setFlag = tx.SetFlag === undefined ? null : Number(tx.SetFlag);
    const clearFlag = tx.ClearFlag === undefined ? null : Number(tx.ClearFlag);
    if (setFlag !== null && setFlag === clearFlag) return "temINVALID_FLAG";
    const both = (a: number, b: number) => (flags & a) !== 0 && (flags & b) !== 0;
    if (
      both(TF_ACCOUNT_SET.requireDestTag, TF_ACCOUNT_SET.optionalDestTag) ||
      both(TF_ACCOUNT_SET.disallowXRP, TF_ACCOUNT_SET.allowXRP)
    )
      return "temINVALID_FLAG";
    if (setFlag === ASF.requireDestTag && flags & TF_ACCOUNT_SET.optionalDestTag) return "temINVALID_FLAG";
    if (clearFlag === ASF.requireDestTag && flags & TF_ACCOUNT_SET.requireDestTag) return "temINVALID_FLAG";
    if (setFlag === ASF.disallowXRP && flags & TF_ACCOUNT_SET.allowXRP) return "temINVALID_FLAG";
    if (clearFlag === ASF.disallowXRP && flags & TF_ACCOUNT_SET.disallowXRP) return "temINVALID_FLAG";
    if (flags & (TF_ACCOUNT_SET.requireAuth | TF_ACCOUNT_SET.optionalAuth)) return "temDISABLED";
    if ((setFlag !== null && ASF_UNSUPPORTED.has(setFlag)) || (clearFlag !== null && ASF_UNSUPPORTED.has(clearFlag)))
      return "temDISABLED";
    if (typeof tx.Domain === "string" && tx.Domain.length / 2 > 256) return "telBAD_DOMAIN";
    return null;
  }

  // The result the transaction would have against the current state (the provisional answer).
  private trial(tx: Record<string, any>): string {
    return this.rules(tx, this.accounts.get(String(tx.Account))!).result;
  }

  private rules(tx: Record<string, any>, source: AccountState): { result: string; create?: boolean } {
    const fee = BigInt(String(tx.Fee ?? "0"));
    if (tx.TransactionType === "AccountSet") {
      if (source.balanceDrops < fee) return { result: "terINSUF_FEE_B" };
      // no regular key or signer list can exist here, so the master key is the only one
      if (Number(tx.SetFlag) === ASF_DISABLE_MASTER) return { result: "tecNO_ALTERNATIVE_KEY" };
      return { result: "tesSUCCESS" };
    }
    const amount = BigInt(String(tx.Amount));
    if (source.balanceDrops < fee) return { result: "terINSUF_FEE_B" };
    if (source.balanceDrops - fee - amount < this.reserveOf(source)) return { result: "tecUNFUNDED_PAYMENT" };
    const destination = this.accounts.get(String(tx.Destination));
    if (!destination) {
      return amount < this.options.reserveBaseDrops
        ? { result: "tecNO_DST_INSUF_XRP" }
        : { result: "tesSUCCESS", create: true };
    }
    if (destination.flags.requireDestTag && tx.DestinationTag === undefined) return { result: "tecDST_TAG_NEEDED" };
    if (destination.flags.depositAuth) return { result: "tecNO_PERMISSION" };
    return { result: "tesSUCCESS" };
  }

  // Closes the open ledger: applies what can apply, in Sequence order, and validates it.
  close(now = Date.now()): { index: number; applied: TxRecord[] } {
    const index = this.openIndex;
    const closeTime = rippleTime(now);
    const applied: TxRecord[] = [];
    let progress = true;
    while (progress) {
      progress = false;
      for (const p of [...this.pending].sort((a, b) => Number(a.tx.Sequence) - Number(b.tx.Sequence))) {
        const source = this.accounts.get(String(p.tx.Account));
        const expired = p.tx.LastLedgerSequence !== undefined && Number(p.tx.LastLedgerSequence) < index;
        if (!source || expired || Number(p.tx.Sequence) < source.sequence) {
          this.pending = this.pending.filter((x) => x !== p);
          continue;
        }
        if (Number(p.tx.Sequence) !== source.sequence) continue;
        const { result, create } = this.rules(p.tx, source);
        this.pending = this.pending.filter((x) => x !== p);
        if (result.startsWith("ter")) continue; // not applied, dropped
        progress = true;
        const destinationAddress = p.tx.TransactionType === "Payment" ? String(p.tx.Destination) : null;
        const before = new Map<string, AccountState>();
        for (const address of [source.address, destinationAddress]) {
          const a = address ? this.accounts.get(address) : undefined;
          if (a) before.set(a.address, { ...a, flags: { ...a.flags } });
        }
        const fee = BigInt(String(p.tx.Fee ?? "0"));
        source.balanceDrops -= fee;
        source.sequence++;
        let delivered: bigint | null = null;
        const touched = [source];
        if (result === "tesSUCCESS") {
          if (p.tx.TransactionType === "Payment") {
            const amount = BigInt(String(p.tx.Amount));
            if (create) {
              this.accounts.set(String(p.tx.Destination), {
                address: String(p.tx.Destination),
                balanceDrops: 0n,
                sequence: index,
                ownerCount: 0,
                flags: { requireDestTag: false, depositAuth: false, disallowXRP: false },
              });
            }
            const destination = this.accounts.get(String(p.tx.Destination))!;
            source.balanceDrops -= amount;
            destination.balanceDrops += amount;
            touched.push(destination);
            delivered = amount;
          } else {
            this.applyAccountSet(source, p.tx);
          }
        }
        const affectedNodes = touched
          .map((a) => affectedNode(before.get(a.address) ?? null, a))
          .sort((x, y) =>
            String(Object.values(x)[0]!.LedgerIndex).localeCompare(String(Object.values(y)[0]!.LedgerIndex)),
          );
        for (const a of touched) {
          a.previousTxnId = p.hash;
          a.previousTxnLgrSeq = index;
        }
        const record: TxRecord = {
          hash: p.hash,
          tx: p.tx,
          result,
          delivered,
          ledgerIndex: index,
          transactionIndex: applied.length,
          closeTime,
          foreign: p.foreign,
          affectedNodes,
        };
        this.record(record);
        applied.push(record);
      }
    }
    this.ledgerHashes.set(
      index,
      this.header(
        index,
        closeTime,
        applied.map((r) => r.hash),
      ),
    );
    this.validatedIndex = index;
    return { index, applied };
  }

  private applyAccountSet(account: AccountState, tx: Record<string, any>) {
    for (const [name, flag] of Object.entries(ASF) as [keyof typeof ASF, number][]) {
      if (Number(tx.SetFlag) === flag) account.flags[name] = true;
      if (Number(tx.ClearFlag) === flag) account.flags[name] = false;
    }
    const flags = Number(tx.Flags ?? 0);
    if (flags & TF_ACCOUNT_SET.requireDestTag) account.flags.requireDestTag = true;
    if (flags & TF_ACCOUNT_SET.optionalDestTag) account.flags.requireDestTag = false;
    if (flags & TF_ACCOUNT_SET.disallowXRP) account.flags.disallowXRP = true;
    if (flags & TF_ACCOUNT_SET.allowXRP) account.flags.disallowXRP = false;
    if (typeof tx.Domain === "string") account.domain = tx.Domain === "" ? undefined : tx.Domain.toUpperCase();
  }

  private record(record: TxRecord) {
    this.txs.set(record.hash, record);
    const accounts = new Set([
      String(record.tx.Account),
      ...(record.tx.Destination === undefined ? [] : [String(record.tx.Destination)]),
    ]);
    for (const address of accounts) {
      let list = this.byAccount.get(address);
      if (!list) this.byAccount.set(address, (list = []));
      list.push(record);
    }
  }

  payments(): AppliedPayment[] {
    return [...this.txs.values()]
      .filter((r) => r.tx.TransactionType === "Payment")
      .map((r) => ({
        hash: r.hash,
        account: String(r.tx.Account),
        destination: String(r.tx.Destination),
        destinationTag: r.tx.DestinationTag === undefined ? null : Number(r.tx.DestinationTag),
        amountDrops: BigInt(String(r.tx.Amount)),
        deliveredDrops: r.delivered ?? 0n,
        feeDrops: BigInt(String(r.tx.Fee ?? "0")),
        sequence: Number(r.tx.Sequence),
        result: r.result,
        ledgerIndex: r.ledgerIndex,
        foreign: r.foreign,
      }));
  }

  snapshot(): LedgerSnapshot {
    return {
      validatedIndex: this.validatedIndex,
      firstIndex: this.firstIndex,
      ledgerHashes: [...this.ledgerHashes.entries()].map(([i, { hash, closeTime, ...rest }]) => [
        i,
        hash,
        closeTime,
        rest,
      ]),
      accounts: [...this.accounts.values()].map((a) => ({
        ...a,
        balanceDrops: a.balanceDrops.toString(),
        flags: { ...a.flags },
      })),
      txs: [...this.txs.values()].map((t) => ({
        ...t,
        delivered: t.delivered === null ? null : t.delivered.toString(),
      })),
    };
  }

  private restore(s: LedgerSnapshot) {
    this.validatedIndex = s.validatedIndex;
    this.firstIndex = s.firstIndex;
    for (const [i, hash, closeTime, rest] of s.ledgerHashes)
      this.ledgerHashes.set(i, { ...(rest ?? {}), hash, closeTime });
    for (const a of s.accounts) this.accounts.set(a.address, { ...a, balanceDrops: BigInt(a.balanceDrops) });
    const txs = s.txs.map((t) => ({ ...t, delivered: t.delivered === null ? null : BigInt(t.delivered) }));
    for (const t of txs.sort((a, b) => a.ledgerIndex - b.ledgerIndex || a.transactionIndex - b.transactionIndex))
      this.record(t);
  }
}

export const CLOSE_TIME_RESOLUTION = 10;

// One entry of meta.AffectedNodes for an AccountRoot the transaction created or changed.
function affectedNode(before: AccountState | null, after: AccountState): Record<string, any> {
  const finalFields = rootFields(after);
  if (!before) {
    const newFields = Object.fromEntries(Object.entries(finalFields).filter(([, v]) => v !== 0 && v !== undefined));
    return {
      CreatedNode: { LedgerEntryType: "AccountRoot", LedgerIndex: accountKey(after.address), NewFields: newFields },
    };
  }
  const old = rootFields(before);
  const previousFields = Object.fromEntries(
    Object.entries(old).filter(([k, v]) => k in finalFields && finalFields[k] !== v),
  );
  const node: Record<string, unknown> = {
    FinalFields: finalFields,
    LedgerEntryType: "AccountRoot",
    LedgerIndex: accountKey(after.address),
    PreviousFields: previousFields,
  };
  if (before.previousTxnId) {
    node.PreviousTxnID = before.previousTxnId;
    node.PreviousTxnLgrSeq = before.previousTxnLgrSeq;
  }
  return { ModifiedNode: node };
}
