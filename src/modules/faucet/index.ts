import { Elysia } from "elysia";
import type { CurrentUser } from "../../auth/current-user.ts";
import { jsonBody, text } from "../../http/body.ts";
import { cookieJar } from "../../http/cookies.ts";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { deviceFromCookie } from "../../http/device.ts";
import { proofRequired, type ProofOfWork } from "../pow/service.ts";
import { INVALID_ADDRESS } from "./address.ts";
import { faucetRequestView, type FaucetService } from "./service.ts";

export interface FaucetRouteDeps {
  faucet: FaucetService;
  currentUser: CurrentUser;
  clientIp: ClientIpResolver;
  clock: () => number;
  secureCookies: boolean;
  pow: ProofOfWork;
}

export function userAgentOf(request: Request): string | null {
  return request.headers.get("user-agent")?.slice(0, 300) || null;
}

export function faucetRoutes({ faucet, currentUser, clientIp, clock, secureCookies, pow }: FaucetRouteDeps) {
  return new Elysia()
    .post(
      "/api/faucet/request",
      async ({ body, request, server, set }) => {
        const jar = cookieJar(request, set);
        const device = deviceFromCookie(jar, clock(), secureCookies);
        const ip = clientIp(request, server);
        const row = await faucet.request({
          address: body?.address,
          ip,
          deviceId: device.deviceId,
          newDevice: device.isNew,
          userAgent: userAgentOf(request),
          userId: currentUser(jar)?.id ?? null,
        });
        set.status = 201;
        return faucetRequestView(row);
      },
      { body: jsonBody({ address: text(200, INVALID_ADDRESS) }), ...proofRequired(pow) },
    )
    .get("/api/faucet/status", ({ request, set }) => {
      deviceFromCookie(cookieJar(request, set), clock(), secureCookies);
      return faucet.status();
    });
}
