// GET /api/docs/json: the OpenAPI document of every route, for admins (app-http.ts's guard). Made by
// @elysiajs/openapi's generator, which loads at the first request instead of with the binary (it
// would lengthen every start), and kept until the routes change.
import type { AnyElysia } from "elysia";

const OPENAPI_VERSION = "3.1.2";
// the web app's routes and the API's catch-all 404 are not part of the API
const EXCLUDE = { paths: ["/*", "/api/*"] };

export function openApiDocument(version: string, root: () => AnyElysia): () => Promise<unknown> {
  let cached: { routes: number; document: unknown } | undefined;
  return async () => {
    const app = root();
    const routes = app.routes.length;
    if (cached?.routes === routes) return cached.document;
    // the ES module (a `require` would take the package's CommonJS build, which bundles a second
    // Elysia and the TypeScript compiler into the binary)
    const { toOpenAPISchema } = await import("@elysiajs/openapi/openapi");
    const { paths, components } = toOpenAPISchema(app, EXCLUDE, undefined, undefined, OPENAPI_VERSION);
    const info = { title: "xrp-faucet API", description: "Development documentation", version };
    cached = {
      routes,
      document: { info, openapi: OPENAPI_VERSION, paths, components: { schemas: components.schemas } },
    };
    return cached.document;
  };
}
