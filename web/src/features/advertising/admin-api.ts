// The admin's list of advertising enquiries.
import { useQuery } from "@tanstack/react-query";
import { cachedUntilRefetched } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import type { Data } from "../../api/types";

export type AdRequest = Data<typeof api.admin.advertising.requests.get>[number];

export const adRequestsKey = ["/api/admin/advertising/requests"] as const;

export const useAdRequests = () =>
  useQuery({
    queryKey: adRequestsKey,
    queryFn: () => unwrap(api.admin.advertising.requests.get()),
    ...cachedUntilRefetched,
  });
