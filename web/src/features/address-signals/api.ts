// "Block this cluster": the account (an activator or a sink) and its cluster's addresses on the block
// list in one step; the screen's list and the block list are read again.
import type { QueryKey } from "@tanstack/react-query";
import { useAdminAction } from "../../api/admin";
import { api } from "../../api/client";
import { blocklistKey } from "../blocklist";

export type ClusterKind = "activator" | "sink";

export const useBlockCluster = (refresh: QueryKey[]) =>
  useAdminAction({
    send: (cluster: { kind: ClusterKind; account: string }) => api.admin["address-clusters"].block.post(cluster),
    refresh: [...refresh, blocklistKey],
    success: (done) => ({
      title: "Cluster blocked",
      description: `${done.blocked} of ${done.addresses} addresses added to the block list`,
    }),
    failure: "Blocking failed",
  });
