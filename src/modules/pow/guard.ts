// The route option of a protected form, which the forms' routes use (beside the service, like the
// block list's guard: a service imports nothing of HTTP).
import type { Visitor } from "../../http/context.ts";
import type { ProtectedForm } from "../../shared/forms.ts";
import { POW_HEADER, type ProofOfWork } from "./service.ts";

// The route option of a protected form: a fresh proof, asked for this form from the visitor's IP
// group, is required once the body's shape is checked. With the check off it returns at once, no
// promise (a route's checks are awaited only when they return one).
export const proofRequired = (pow: ProofOfWork, form: ProtectedForm) => ({
  beforeHandle: ({ request, visitor }: { request: Request; visitor: Visitor }): Promise<void> | undefined =>
    pow.enabled() ? pow.verify(request.headers.get(POW_HEADER), { group: visitor.networks.group, form }) : undefined,
});
