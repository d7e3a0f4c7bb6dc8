// The admin's lists of signups.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Data } from "../../api/types";

export type Signup =
  | Data<(typeof api.admin)["newsletter-signups"]["get"]>[number]
  | Data<(typeof api.admin)["earning-alerts-signups"]["get"]>[number];

export const newsletterKey = ["/api/admin/newsletter-signups"] as const;

export const earningAlertsKey = ["/api/admin/earning-alerts-signups"] as const;

export const useNewsletterSignups = () =>
  useQuery({ queryKey: newsletterKey, queryFn: () => unwrap(api.admin["newsletter-signups"].get()) });

export const useEarningAlertSignups = () =>
  useQuery({ queryKey: earningAlertsKey, queryFn: () => unwrap(api.admin["earning-alerts-signups"].get()) });
