// The admin's edit of the site's name, logo and contact address.
import { useAdminAction } from "../../api/admin";
import { api } from "../../api/client";
import type { Body } from "../../api/types";
import { siteKey } from "./api";

export const useSaveSite = () =>
  useAdminAction({
    send: (body: Body<typeof api.admin.site.put>) => api.admin.site.put(body),
    refresh: [siteKey],
    success: () => ({ title: "Site Updated", description: "The site's name, logo and contact address are saved." }),
    failure: "Update Failed",
  });
