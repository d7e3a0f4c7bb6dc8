// The block list's enforcement: the forms that create something refuse a blocked address, IP (or
// network) or device before their own checks run. Every form's routes use it; the admin's list is
// routes.ts.
import type { ContextDeps } from "../../http/context.ts";
import { cookieJar } from "../../http/cookies.ts";
import { DEVICE_COOKIE } from "../../http/device.ts";
import type { BlocklistService } from "./service.ts";

// What the block check reads of a request (Elysia's context has it all).
interface FormContext {
  request: Request;
  body: unknown;
  server: unknown;
  set: { headers: Record<string, unknown> };
}

// The route option of a form a blocked party is refused by, declared by the form as it declares its
// proof of work: `{ body, ...formGuards(blocked({ address: true }), proofRequired(pow, "faucet")) }`. It runs
// once the body's shape is checked and the proof passed: the client IP, the device cookie and, with
// `address`, the body's XRP address (`address: "xrpAddress"` names another field); a match answers
// 403 REFUSED and nothing is stored. `blocked(...).beforeHandle` alone guards a route without a proof.
export function blockedPartyCheck({ context, blocklist }: { context: ContextDeps; blocklist: BlocklistService }) {
  return (form: { address: boolean | string }) => {
    const field = form.address === true ? "address" : form.address || null;
    return {
      beforeHandle: ({ request, body, server, set }: FormContext) => {
        if (blocklist.isEmpty()) return;
        blocklist.refuseBlocked({
          ip: context.clientIp(request, server),
          deviceId: cookieJar(request, set as never).get(DEVICE_COOKIE) ?? null,
          address: field ? (body as Record<string, unknown> | null | undefined)?.[field] : undefined,
        });
      },
    };
  };
}
export type BlockedPartyCheck = ReturnType<typeof blockedPartyCheck>;
