// Every /api/admin route is mounted here. createApp's onBeforeHandle guard answers 401/403 for
// all of them before any handler runs; handlers call requireAdmin again to know who acts.
import { Elysia } from "elysia";
import type { CurrentUser } from "../../auth/current-user.ts";
import type { Db } from "../../db/client.ts";
import type { PayoutService } from "../../payouts/service.ts";
import type { AccountService } from "../account/service.ts";
import type { WalletStatusSource } from "../../payouts/wallet-status.ts";
import type { RewardService } from "../rewards/service.ts";
import type { ReviewService } from "../reviews/service.ts";
import type { SettingsService } from "../settings/service.ts";
import { moneyRoutes } from "./money.ts";

export interface AdminRouteDeps {
  db: Db;
  clock: () => number;
  settings: SettingsService;
  currentUser: CurrentUser;
  clientIp: (request: Request, server: unknown) => string;
  payouts: PayoutService;
  rewards: RewardService;
  reviews: ReviewService;
  wallet: WalletStatusSource;
  accounts: AccountService;
}

export function adminRoutes(deps: AdminRouteDeps) {
  return new Elysia().use(moneyRoutes(deps));
}
