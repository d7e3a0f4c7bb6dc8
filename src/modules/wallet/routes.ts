// The hot wallet, for the admin: its state (with the payouts held while paused), and resuming
// payouts the engine paused (a fresh code first, as approving asks).
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import type { WalletStatusSource } from "./service.ts";

export interface WalletRouteDeps {
  context: ContextDeps;
  wallet: WalletStatusSource;
}

export function walletRoutes({ context, wallet }: WalletRouteDeps) {
  return new Elysia()
    .use(adminContext(context))
    .get("/api/admin/wallet", () => wallet.status())
    .get("/api/admin/wallet/ledger-payments", () => wallet.ledgerPayments())
    .post("/api/admin/wallet/resume", ({ actor }) => wallet.resume(actor));
}
