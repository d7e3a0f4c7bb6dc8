// The simulated ledger's state and rules: accounts, the open ledger, closing (a closed ledger is
// validated at once, as on a stand-alone rippled) and the checks rippled makes, in its order.
import { decode, encodeForSigning } from "ripple-binary-codec";
import { deriveAddress, verify } from "ripple-keypairs";
import { hashes } from "xrpl";

export const GENESIS = { address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", seed: "snoPBrXtMeMyMHUVTgbuqAfg1SUTb" };
const GENESIS_DROPS = 100_000_000_000n * 1_000_000n;

const LSF_REQUIRE_DEST_TAG = 0x00020000;
const LSF_DISALLOW_XRP = 0x00080000;
const LSF_DEPOSIT_AUTH = 0x01000000;
const ASF = { requireDestTag: 1, disallowXRP: 3, depositAuth: 9 } as const;

export interface AccountState {
  address: string;
  balanceDrops: bigint;
  sequence: number;
  ownerCount: number;
  flags: { requireDestTag: boolean; depositAuth: boolean; disallowXRP: boolean };
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
  ledgerHashes: [number, string, number][];
  accounts: (Omit<AccountState, "balanceDrops"> & { balanceDrops: string })[];
  txs: (Omit<TxRecord, "delivered"> & { delivered: string | null })[];
}

// Seconds since the XRPL epoch (2000-01-01).
export const rippleTime = (ms: number) => Math.floor(ms / 1000) - 946_684_800;

const randomHash = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex").toUpperCase();

export function accountFlagsBits(flags: AccountState["flags"]): number {
  return (flags.requireDestTag ? LSF_REQUIRE_DEST_TAG : 0) | (flags.disallowXRP ? LSF_DISALLOW_XRP : 0) | (flags.depositAuth ? LSF_DEPOSIT_AUTH : 0);
}

export class SimulatedLedger {
  accounts = new Map<string, AccountState>();
  txs = new Map<string, TxRecord>();
  pending: Pending[] = [];
  ledgerHashes = new Map<number, { hash: string; closeTime: number }>();
  validatedIndex = 2;
  firstIndex = 1;
  loadFactor = 1;

  constructor(readonly options: LedgerOptions, snapshot?: LedgerSnapshot) {
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
    const now = Date.now();
    this.ledgerHashes.set(1, { hash: randomHash(), closeTime: rippleTime(now) });
    this.ledgerHashes.set(2, { hash: randomHash(), closeTime: rippleTime(now) });
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

  // Checks a signed blob the way rippled's submit does; queues it into the open ledger.
  submit(blob: string, queueLimit: number | null): { result: string; hash: string | null; tx: Record<string, any> | null; queued: boolean } {
    let tx: Record<string, any>;
    try {
      tx = decode(blob) as Record<string, any>;
    } catch {
      return { result: "invalidTransaction", hash: null, tx: null, queued: false };
    }
    const hash = hashes.hashSignedTx(blob);
    const { TxnSignature, ...unsigned } = tx;
    let signatureOk = false;
    try {
      signatureOk = typeof TxnSignature === "string" && verify(encodeForSigning(unsigned as never), TxnSignature, String(tx.SigningPubKey));
    } catch {
      signatureOk = false;
    }
    if (!signatureOk) return { result: "temBAD_SIGNATURE", hash, tx, queued: false };
    if (deriveAddress(String(tx.SigningPubKey)) !== tx.Account) return { result: "tefBAD_AUTH", hash, tx, queued: false };
    if (this.txs.has(hash)) return { result: "tefALREADY", hash, tx, queued: false };
    if (this.pending.some((p) => p.hash === hash)) return { result: "tefALREADY", hash, tx, queued: true };
    if (tx.LastLedgerSequence !== undefined && Number(tx.LastLedgerSequence) < this.openIndex) return { result: "tefMAX_LEDGER", hash, tx, queued: false };
    const account = this.accounts.get(String(tx.Account));
    if (!account) return { result: "terNO_ACCOUNT", hash, tx, queued: false };
    const sequence = Number(tx.Sequence);
    if (sequence < account.sequence) return { result: "tefPAST_SEQ", hash, tx, queued: false };
    if (BigInt(String(tx.Fee)) < this.requiredFee()) return { result: "telINSUF_FEE_P", hash, tx, queued: false };
    if (tx.NetworkID !== undefined && this.options.networkId <= 1024) return { result: "telNETWORK_ID_MAKES_TX_NON_CANONICAL", hash, tx, queued: false };
    if (tx.NetworkID === undefined && this.options.networkId > 1024) return { result: "telREQUIRES_NETWORK_ID", hash, tx, queued: false };
    const malformed = this.malformed(tx);
    if (malformed) return { result: malformed, hash, tx, queued: false };
    if (queueLimit !== null && this.pendingCount(account.address) >= queueLimit) return { result: "telCAN_NOT_QUEUE_FULL", hash, tx, queued: false };
    this.pending.push({ hash, tx, foreign: false });
    // a later Sequence waits (held) until the ones before it arrive
    if (sequence !== account.sequence && !this.chainReaches(account.address, sequence)) return { result: "terPRE_SEQ", hash, tx, queued: true };
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

  private malformed(tx: Record<string, any>): string | null {
    if (tx.TransactionType === "Payment") {
      if (typeof tx.Amount !== "string" || !/^\d+$/.test(tx.Amount) || BigInt(tx.Amount) <= 0n) return "temBAD_AMOUNT";
      if (tx.Destination === tx.Account) return "temREDUNDANT";
      return null;
    }
    if (tx.TransactionType === "AccountSet") return null;
    return "temUNKNOWN";
  }

  // The result the transaction would have against the current state (the provisional answer).
  private trial(tx: Record<string, any>): string {
    return this.rules(tx, this.accounts.get(String(tx.Account))!).result;
  }

  private rules(tx: Record<string, any>, source: AccountState): { result: string; create?: boolean } {
    const fee = BigInt(String(tx.Fee ?? "0"));
    if (tx.TransactionType === "AccountSet") {
      return source.balanceDrops < fee ? { result: "terINSUF_FEE_B" } : { result: "tesSUCCESS" };
    }
    const amount = BigInt(String(tx.Amount));
    if (source.balanceDrops < fee) return { result: "terINSUF_FEE_B" };
    if (source.balanceDrops - fee - amount < this.reserveOf(source)) return { result: "tecUNFUNDED_PAYMENT" };
    const destination = this.accounts.get(String(tx.Destination));
    if (!destination) {
      return amount < this.options.reserveBaseDrops ? { result: "tecNO_DST_INSUF_XRP" } : { result: "tesSUCCESS", create: true };
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
        const fee = BigInt(String(p.tx.Fee ?? "0"));
        source.balanceDrops -= fee;
        source.sequence++;
        let delivered: bigint | null = null;
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
            source.balanceDrops -= amount;
            this.accounts.get(String(p.tx.Destination))!.balanceDrops += amount;
            delivered = amount;
          } else {
            this.applyAccountSet(source, p.tx);
          }
        }
        const record: TxRecord = { hash: p.hash, tx: p.tx, result, delivered, ledgerIndex: index, transactionIndex: applied.length, closeTime, foreign: p.foreign };
        this.txs.set(p.hash, record);
        applied.push(record);
      }
    }
    this.ledgerHashes.set(index, { hash: randomHash(), closeTime });
    this.validatedIndex = index;
    return { index, applied };
  }

  private applyAccountSet(account: AccountState, tx: Record<string, any>) {
    for (const [name, flag] of Object.entries(ASF) as [keyof typeof ASF, number][]) {
      if (Number(tx.SetFlag) === flag) account.flags[name] = true;
      if (Number(tx.ClearFlag) === flag) account.flags[name] = false;
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
      ledgerHashes: [...this.ledgerHashes.entries()].map(([i, l]) => [i, l.hash, l.closeTime]),
      accounts: [...this.accounts.values()].map((a) => ({ ...a, balanceDrops: a.balanceDrops.toString(), flags: { ...a.flags } })),
      txs: [...this.txs.values()].map((t) => ({ ...t, delivered: t.delivered === null ? null : t.delivered.toString() })),
    };
  }

  private restore(s: LedgerSnapshot) {
    this.validatedIndex = s.validatedIndex;
    this.firstIndex = s.firstIndex;
    for (const [i, hash, closeTime] of s.ledgerHashes) this.ledgerHashes.set(i, { hash, closeTime });
    for (const a of s.accounts) this.accounts.set(a.address, { ...a, balanceDrops: BigInt(a.balanceDrops) });
    for (const t of s.txs) this.txs.set(t.hash, { ...t, delivered: t.delivered === null ? null : BigInt(t.delivered) });
  }
}
