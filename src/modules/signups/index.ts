import { Elysia } from "elysia";
import { jsonBody, textField, textList } from "../../http/body.ts";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { createRateLimit } from "../../http/rate-limit.ts";
import { userAgentOf } from "../../http/context.ts";
import type { createAdvertisingService } from "../advertising/service.ts";
import { proofRequired, type ProofOfWork } from "../pow/service.ts";
import { ALERT_TYPES, type createSignupService } from "./service.ts";

const HOUR = 60 * 60 * 1000;
const email = textField("email", 254);
const name = textField("name", 100);
const source = textField("source", 40);
const newsletterBody = jsonBody({ email, name, source });
const alertsBody = jsonBody({
  email,
  name,
  phone: textField("phone", 32),
  alertTypes: textList(20, 40, `alertTypes must be a list of alert types: ${ALERT_TYPES.join(", ")}`),
  source,
});
const advertisingBody = jsonBody({
  companyName: textField("companyName", 120),
  email,
  budget: textField("budget", 100),
  website: textField("website", 300),
  message: textField("message", 5000),
});

// The public forms: newsletter, earning alerts and the advertiser enquiry.
export function signupRoutes(deps: {
  signups: ReturnType<typeof createSignupService>;
  advertising: ReturnType<typeof createAdvertisingService>;
  clientIp: ClientIpResolver;
  clock: () => number;
  pow: ProofOfWork;
}) {
  const { signups, advertising, clientIp, clock, pow } = deps;
  const form = proofRequired(pow);
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
    }, { body: newsletterBody, ...form })
    .post("/api/earning-alerts/signup", ({ body, request, server, set }) => {
      const result = signups.earningAlerts(body ?? {}, visitor(request, server));
      set.status = 201;
      return result;
    }, { body: alertsBody, ...form })
    .post("/api/advertising/submit", ({ body, request, server, set }) => {
      const result = advertising.submit(body ?? {}, visitor(request, server));
      set.status = 201;
      return result;
    }, { body: advertisingBody, ...form });
}
