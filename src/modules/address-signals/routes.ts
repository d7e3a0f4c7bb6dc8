// The address signals' admin call: "block this cluster" (the evidence itself comes with each request
// row: the faucet's list and the user file).
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { blockClusterBody } from "./model.ts";
import type { AddressSignals } from "./service.ts";

export function addressSignalRoutes({
  context,
  addressSignals,
}: {
  context: ContextDeps;
  addressSignals: AddressSignals;
}) {
  return new Elysia().use(adminContext(context)).post(
    "/api/admin/address-clusters/block",
    ({ body, actor, set }) => {
      const result = addressSignals.blockCluster(body ?? {}, actor);
      set.status = 201;
      return result;
    },
    { body: blockClusterBody },
  );
}
