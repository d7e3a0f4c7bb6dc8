// One request's file, opened from its row on /admin/requests: the request as the list shows it
// (its risk and reasons, whether its party is blocked now, what the ledger says of its address),
// its address's other requests and what was paid to it, and the audit entries about it.
import type { FaucetRequest } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import type { AddressEvidence } from "../address-signals/model.ts";
import type { AdminListRepository } from "./admin-list-repository.ts";
import type { RequestFileRepository } from "./request-file-repository.ts";

export interface RequestFileDeps {
  list: Pick<AdminListRepository, "one">;
  repo: RequestFileRepository;
  blocked: (r: FaucetRequest) => boolean;
  addressEvidence: (addresses: string[]) => Map<string, AddressEvidence>;
}

export function createRequestFile({ list, repo, blocked, addressEvidence }: RequestFileDeps) {
  return (id: number) => {
    const request = list.one(id);
    if (!request) throw notFound("Faucet request not found");
    const ledger = addressEvidence([request.address]).get(request.address) ?? null;
    return {
      request: { ...request, blocked: blocked(request), ledger },
      sameAddress: repo.sameAddress(request.address, id),
      trail: repo.trail(id),
    };
  };
}
export type RequestFile = ReturnType<typeof createRequestFile>;
