// The block list: wallets, networks and devices refused, for a while or for good.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

export const blocklistKey = ["/api/admin/blocklist"] as const;

// GET /api/admin/blocklist: every block, active or expired, with its refusals.
export const useBlocklist = () =>
  useQuery({ queryKey: blocklistKey, queryFn: () => unwrap(api.admin.blocklist.get()) });
