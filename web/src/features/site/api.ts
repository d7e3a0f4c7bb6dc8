// The site's name, logo and contact address (GET /api/site), read by the header, the footer and the
// contact page (the admin's edit: admin-api.ts).
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Data } from "../../api/types";

export type Site = Data<typeof api.site.get>;
export const siteKey = ["/api/site"] as const;
export const DEFAULT_SITE_NAME = "XRP Faucet";

export const useSite = () => useQuery({ queryKey: siteKey, queryFn: () => unwrap(api.site.get()) });
// The name the admin gave the site (the default until /api/site answered): tab titles, the
// disclaimer, the splash.
export const useSiteName = () => useSite().data?.name ?? DEFAULT_SITE_NAME;
