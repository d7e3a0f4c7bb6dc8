// The block list: parties the admin refuses (an XRP address, an IP address or CIDR network, a
// device id), each with a note and an optional expiry. The forms that create something (faucet and
// bonus requests, signups, registrations, reviews, shares, profile changes, reset requests) ask
// `refuseBlocked` once their proof of work passed; a match answers the neutral refusal, counted on
// the entry, and nothing of the request is stored. The counts are kept in memory and written at most
// once a minute (and before the admin reads the list): a flood of refused requests writes nothing.
//
// The check runs on every such form, so the entries not yet expired are held in memory (the list is
// small) and reloaded after each change; an entry that expires while held stops matching at once.
import type { Db } from "../../db/client.ts";
import { immediate, inTransaction } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import { requireStepUp } from "../../auth/step-up.ts";
import { recordAudit } from "../audit/service.ts";
import { parseLedgerAddress } from "../../lib/ledger-address.ts";
import { type IpNetwork, networkContains, parseIp, parseNetwork } from "./ip.ts";
import {
  BLOCK_KINDS,
  type BlockInput,
  type BlockKind,
  blockEntryView,
  blocklistErrors,
  MAX_DEVICE_ID,
  MESSAGES,
} from "./model.ts";
import { createBlocklistRepository } from "./repository.ts";

// Who is asking: the client's IP, and, when the form has them, its device id and XRP address.
export interface Party {
  ip: string;
  deviceId?: string | null;
  address?: unknown;
}

interface Held {
  id: number;
  kind: BlockKind;
  value: string;
  network: IpNetwork | null;
  expiresAt: number | null;
}

// An entry's value as stored: the classic address, the IP or network as written (trimmed, lower
// case), the device id trimmed; else 400 with the kind's message.
function checkedValue(kind: BlockKind, raw: string): string {
  const value = raw.trim();
  if (kind === "address") {
    const parsed = parseLedgerAddress(value);
    if (!parsed) throw blocklistErrors.invalid(MESSAGES.address);
    return parsed.address;
  }
  if (kind === "ip") {
    if (!parseNetwork(value)) throw blocklistErrors.invalid(MESSAGES.ip);
    return value.toLowerCase();
  }
  if (value.length < 1 || value.length > MAX_DEVICE_ID) throw blocklistErrors.invalid(MESSAGES.device);
  return value;
}

export interface BlocklistDeps {
  db: Db;
  clock: () => number;
}

export function createBlocklistService({ db, clock }: BlocklistDeps) {
  const repo = createBlocklistRepository(db);
  let held: Held[] | null = null;
  const entries = (): Held[] =>
    (held ??= repo.active(clock()).map((row) => ({
      id: row.id,
      kind: row.kind as BlockKind,
      value: row.value,
      network: row.kind === "ip" ? parseNetwork(row.value) : null,
      expiresAt: row.expiresAt,
    })));

  // The entries that match this party now.
  const matches = (party: Party): number[] => {
    const list = entries();
    if (list.length === 0) return [];
    const now = clock();
    const ip = parseIp(party.ip);
    const address =
      party.address === undefined || party.address === null
        ? null
        : (parseLedgerAddress(party.address)?.address ?? null);
    const found: number[] = [];
    for (const entry of list) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) continue;
      const hit =
        entry.kind === "ip"
          ? ip !== null && entry.network !== null && networkContains(entry.network, ip)
          : entry.kind === "device"
            ? !!party.deviceId && entry.value === party.deviceId
            : address !== null && entry.value === address;
      if (hit) found.push(entry.id);
    }
    return found;
  };

  // Refusals counted since the last write, per entry, and when that write was.
  const refusals = new Map<number, { n: number; last: number }>();
  let flushedAt = clock();
  const flushRefusals = () => {
    flushedAt = clock();
    if (refusals.size === 0) return;
    const counted = [...refusals];
    refusals.clear();
    inTransaction(db, () => {
      for (const [id, { n, last }] of counted) repo.countRefusals(id, n, last);
    });
  };

  return {
    matches,

    // Whether an XRP address (a payout's destination) is blocked now.
    addressBlocked: (address: string) => matches({ ip: "", address }).length > 0,

    // Every entry, newest first, expired ones included (shown inactive).
    list() {
      flushRefusals();
      const now = clock();
      return repo.all().map((row) => blockEntryView(row, now));
    },

    add(input: BlockInput, actor: Actor) {
      const kind = BLOCK_KINDS.find((k) => k === input.kind);
      if (!kind) throw blocklistErrors.invalid(MESSAGES.kind);
      const value = checkedValue(kind, input.value ?? "");
      const now = clock();
      let expiresAt: number | null = null;
      if (input.expiresAt !== undefined && input.expiresAt !== null && input.expiresAt.trim() !== "") {
        expiresAt = Date.parse(input.expiresAt);
        if (!Number.isFinite(expiresAt) || expiresAt <= now) throw blocklistErrors.invalid(MESSAGES.expiresAt);
      }
      const note = input.note?.trim() || null;
      const id = immediate(db, () => {
        if (repo.hasActive(kind, value, now)) throw blocklistErrors.alreadyBlocked(kind);
        const id = repo.insert({ kind, value, note, expiresAt, createdBy: actor.admin.id, createdAt: now });
        const details = { kind, value, note, expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() };
        recordAudit(
          db,
          {
            actor: actor.admin,
            action: "blocklist.add",
            targetType: "block_list",
            targetId: id,
            details,
            ip: actor.ip,
          },
          now,
        );
        return id;
      });
      held = null;
      return blockEntryView(repo.byId(id)!, now);
    },

    // Several XRP addresses at once (an address cluster: modules/address-signals), each not yet
    // blocked added with the note and its audit entry, in one transaction; returns how many were added.
    addAddresses(addresses: string[], note: string, actor: Actor): number {
      const now = clock();
      const added = immediate(db, () => {
        let n = 0;
        for (const raw of addresses) {
          const value = checkedValue("address", raw);
          if (repo.hasActive("address", value, now)) continue;
          const id = repo.insert({
            kind: "address",
            value,
            note,
            expiresAt: null,
            createdBy: actor.admin.id,
            createdAt: now,
          });
          recordAudit(
            db,
            {
              actor: actor.admin,
              action: "blocklist.add",
              targetType: "block_list",
              targetId: id,
              details: { kind: "address", value, note, expiresAt: null },
              ip: actor.ip,
            },
            now,
          );
          n++;
        }
        return n;
      });
      held = null;
      return added;
    },

    // (unblocking opens the money path again: a fresh two-factor code, auth/step-up.ts)
    remove(id: number, actor: Actor) {
      requireStepUp(actor);
      flushRefusals();
      const now = clock();
      immediate(db, () => {
        const entry = repo.byId(id);
        if (!entry) throw blocklistErrors.notFound();
        repo.remove(id);
        const details = { kind: entry.kind, value: entry.value, note: entry.note, refusals: entry.refusals };
        recordAudit(
          db,
          {
            actor: actor.admin,
            action: "blocklist.remove",
            targetType: "block_list",
            targetId: id,
            details,
            ip: actor.ip,
          },
          now,
        );
      });
      held = null;
    },

    // 403 REFUSED with the neutral message when the party is blocked, after counting the refusal on
    // every entry it matched.
    // nothing held: no form needs to read who is asking
    isEmpty: () => entries().length === 0,

    refuseBlocked(party: Party): void {
      const found = matches(party);
      if (found.length === 0) return;
      const now = clock();
      for (const id of found) refusals.set(id, { n: (refusals.get(id)?.n ?? 0) + 1, last: now });
      if (now - flushedAt >= 60_000) flushRefusals();
      throw blocklistErrors.refused();
    },
  };
}
export type BlocklistService = ReturnType<typeof createBlocklistService>;
