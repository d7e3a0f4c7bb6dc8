// GET /sandbox/tx/:hash: the sandbox ledger's read-only transaction page (HTML, the site's
// security headers); 404 for an unknown hash and on a server paying on a real ledger.
import { Elysia } from "elysia";
import type { SandboxService } from "./service.ts";

export function sandboxRoutes({ sandbox, headers }: { sandbox: SandboxService; headers: Record<string, string> }) {
  return new Elysia().get(
    "/sandbox/tx/:hash",
    ({ params }) => {
      const page = sandbox.transactionPage(params.hash);
      return new Response(page.html, {
        status: page.status,
        headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
      // a page for people, not an API call: out of the OpenAPI document
    },
    { detail: { hide: true } },
  );
}
