// The admin's list of faucet requests: open requests a page at a time (page 1 also holds the 10
// last processed), or with a filter (status, risk, reason, dates, search, sort) the matching
// requests of any status; each with whether its party is blocked now and what the ledger says of
// its address.
import type { FaucetRequest } from "../../db/schema.ts";
import type { ListFilter } from "../../lib/list-filter.ts";
import type { AddressEvidence } from "../address-signals/model.ts";
import type { AdminListRepository } from "./admin-list-repository.ts";

export const ADMIN_PAGE_SIZE = 200;

export interface AdminListDeps {
  repo: AdminListRepository;
  blocked: (r: FaucetRequest) => boolean;
  addressEvidence: (addresses: string[]) => Map<string, AddressEvidence>;
}

export function createAdminList({ repo, blocked, addressEvidence }: AdminListDeps) {
  return (page: number, filter: ListFilter | null = null) => {
    const { rows, total } = filter
      ? repo.filteredPage(filter, ADMIN_PAGE_SIZE)
      : { rows: repo.openPage(page, ADMIN_PAGE_SIZE, page === 1), total: repo.openCount() };
    const ledger = addressEvidence(rows.map((r) => r.address));
    return {
      rows: rows.map((r) => ({ ...r, blocked: blocked(r), ledger: ledger.get(r.address) ?? null })),
      total,
      pageSize: ADMIN_PAGE_SIZE,
    };
  };
}
export type AdminList = ReturnType<typeof createAdminList>;
