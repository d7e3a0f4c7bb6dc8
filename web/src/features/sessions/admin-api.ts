// The admins' latest sign-ins, on the back office's overview.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

const signInsKey = ["/api/admin/sign-ins"] as const;

// GET /api/admin/sign-ins: the latest 20 admin sign-ins, each flagged when its network or device was
// new to that admin (reread each minute).
export const useAdminSignIns = () =>
  useQuery({ queryKey: signInsKey, queryFn: () => unwrap(api.admin["sign-ins"].get()), refetchInterval: 60_000 });
