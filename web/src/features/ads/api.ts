// The ad slots: what each shows a visitor (GET /api/ads), and the admin's placing and removing.
import { useQuery } from "@tanstack/react-query";
import { cachedUntilRefetched, useAdminAction } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import type { Body, Data } from "../../api/types";

export type PublicAds = Data<typeof api.ads.get>;
export type SlotName = keyof PublicAds;
export type AdminAd = Data<typeof api.admin.ads.get>[number];

export const adsKey = ["/api/ads"] as const;
export const adminAdsKey = ["/api/admin/ads"] as const;

export const useAds = () => useQuery({ queryKey: adsKey, queryFn: () => unwrap(api.ads.get()) });
export const useAdminAds = () =>
  useQuery({ queryKey: adminAdsKey, queryFn: () => unwrap(api.admin.ads.get()), ...cachedUntilRefetched });

export const useSaveAd = () =>
  useAdminAction({
    send: ({ slot, ...body }: { slot: string } & Body<ReturnType<typeof api.admin.ads>["put"]>) =>
      api.admin.ads({ slot }).put(body),
    refresh: [adminAdsKey, adsKey],
    success: (ad) => ({ title: "Ad Placed", description: `The ${ad.slot} slot shows the new ad.` }),
    failure: "Update Failed",
  });

export const useRemoveAd = () =>
  useAdminAction({
    send: (slot: string) => api.admin.ads({ slot }).delete(),
    refresh: [adminAdsKey, adsKey],
    success: (ad) => ({ title: "Ad Removed", description: `The ${ad.slot} slot shows nothing now.` }),
    failure: "Update Failed",
  });
