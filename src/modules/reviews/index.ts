import { Elysia, t } from "elysia";
import type { CurrentUser } from "../../auth/current-user.ts";
import { cookieJar } from "../../http/cookies.ts";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { deviceFromCookie } from "../../http/device.ts";
import { ipGroup, type IpGrouping } from "../../http/ip-group.ts";
import { createRateLimit } from "../../http/rate-limit.ts";
import { faucetRequestView } from "../faucet/model.ts";
import { userAgentOf } from "../../http/context.ts";
import { proofRequired, type ProofOfWork } from "../pow/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { ReviewService } from "./service.ts";

const HOUR = 60 * 60 * 1000;
const anyObject = t.Nullable(t.Object({}, { additionalProperties: true }));

export function reviewRoutes(deps: {
  reviews: ReviewService;
  currentUser: CurrentUser;
  clientIp: ClientIpResolver;
  clock: () => number;
  secureCookies: boolean;
  pow: ProofOfWork;
  settings: SettingsService;
}) {
  const { reviews, currentUser, clientIp, clock, secureCookies, pow, settings } = deps;
  // Reviews count per IP group (an IPv6 /64, an IPv4 /24 under subnet grouping), like the faucet.
  const reviewLimit = createRateLimit({ limit: 5, windowMs: HOUR, clock, message: "You have written several reviews already. Please try again later." });
  const bonusLimit = createRateLimit({ limit: 10, windowMs: HOUR, clock, message: "Too many bonus requests. Please try again later." });
  return new Elysia()
    .get("/api/reviews", () => reviews.listApproved())
    .post(
      "/api/reviews/submit",
      ({ body, request, server, set }) => {
        const ip = clientIp(request, server);
        const device = deviceFromCookie(cookieJar(request, set), clock(), secureCookies);
        reviewLimit.hit(ipGroup(ip, settings.get().ipGrouping as IpGrouping));
        set.status = 201;
        return reviews.submit(body ?? {}, { ip, deviceId: device.deviceId, userAgent: userAgentOf(request) });
      },
      { body: anyObject, ...proofRequired(pow) },
    )
    .post(
      "/api/reviews/bonus-request",
      ({ body, request, server, set }) => {
        const jar = cookieJar(request, set);
        const ip = clientIp(request, server);
        const device = deviceFromCookie(jar, clock(), secureCookies);
        bonusLimit.hit(ipGroup(ip, settings.get().ipGrouping as IpGrouping));
        const row = reviews.requestBonus(body ?? {}, {
          ip,
          deviceId: device.deviceId,
          newDevice: device.isNew,
          userAgent: userAgentOf(request),
          userId: currentUser(jar)?.id ?? null,
        });
        set.status = 201;
        return { ...faucetRequestView(row), message: "Bonus Request Submitted!" };
      },
      { body: anyObject, ...proofRequired(pow) },
    );
}
