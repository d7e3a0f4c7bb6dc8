// The hot wallet, for the admin: its state (with the payouts held while paused), its outgoing
// payments, pausing payouts (no code: it stops money) and resuming them (a fresh code first, as
// approving asks).
import { Elysia, t } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { pageParam } from "../../http/params.ts";
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
    .get("/api/admin/wallet/payouts", ({ query }) => wallet.payouts(pageParam(query.page)), {
      query: t.Object(
        { page: t.Optional(t.String({ maxLength: 10, error: "page must be a number" })) },
        { additionalProperties: true },
      ),
    })
    .post("/api/admin/wallet/pause", ({ actor }) => wallet.pause(actor))
    .post("/api/admin/wallet/resume", ({ actor }) => wallet.resume(actor));
}
