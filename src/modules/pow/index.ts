import { Elysia } from "elysia";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { createRateLimit } from "../../http/rate-limit.ts";
import type { ProofOfWork } from "./service.ts";

export { PROTECTED_FORMS } from "../../shared/forms.ts";

export function powRoutes({ pow, clientIp, clock }: { pow: ProofOfWork; clientIp: ClientIpResolver; clock: () => number }) {
  // Issuing costs the server one key derivation, so one IP may not ask for them without end.
  const issueLimit = createRateLimit({ limit: 120, windowMs: 60_000, clock, message: "Too many anti-bot challenges requested. Please wait a minute." });
  return new Elysia().get("/api/pow/challenge", async ({ request, server }) => {
    if (!pow.enabled()) return { challenge: null };
    issueLimit.hit(clientIp(request, server));
    return { challenge: await pow.challenge() };
  });
}
