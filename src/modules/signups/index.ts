import { Elysia, t } from "elysia";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { createRateLimit } from "../../http/rate-limit.ts";
import { userAgentOf } from "../faucet/index.ts";
import type { createAdvertisingService } from "../advertising/service.ts";
import { proofRequired, type ProofOfWork } from "../pow/service.ts";
import type { createSignupService } from "./service.ts";

const HOUR = 60 * 60 * 1000;
const anyObject = t.Nullable(t.Object({}, { additionalProperties: true }));

// The public forms: newsletter, earning alerts and the advertiser enquiry.
export function signupRoutes(deps: {
  signups: ReturnType<typeof createSignupService>;
  advertising: ReturnType<typeof createAdvertisingService>;
  clientIp: ClientIpResolver;
  clock: () => number;
  pow: ProofOfWork;
}) {
  const { signups, advertising, clientIp, clock, pow } = deps;
  const form = { body: anyObject, ...proofRequired(pow) };
  const limit = createRateLimit({ limit: 10, windowMs: HOUR, clock, message: "Too many signups from your network. Please try again later." });
  const visitor = (request: Request, server: unknown) => {
    const ip = clientIp(request, server);
    limit.hit(ip);
    return { ip, userAgent: userAgentOf(request) };
  };
  return new Elysia()
    .post("/api/newsletter/signup", ({ body, request, server, set }) => {
      const result = signups.newsletter(body ?? {}, visitor(request, server));
      set.status = 201;
      return result;
    }, form)
    .post("/api/earning-alerts/signup", ({ body, request, server, set }) => {
      const result = signups.earningAlerts(body ?? {}, visitor(request, server));
      set.status = 201;
      return result;
    }, form)
    .post("/api/advertising/submit", ({ body, request, server, set }) => {
      const result = advertising.submit(body ?? {}, visitor(request, server));
      set.status = 201;
      return result;
    }, form);
}
