// POST /api/admin/uploads (the image's bytes as the body, Content-Type image/png, image/jpeg or
// image/webp; app-http.ts reads such a body, for admins only, up to MAX_UPLOAD_BYTES), the admin's list
// (GET /api/admin/uploads: the images, where each is used, the quota) and DELETE
// /api/admin/uploads/:name (an image nothing uses); GET /uploads/<name>, cached for a year: a name
// is never reused.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { jsonError } from "../../lib/errors.ts";
import { UPLOAD_TYPES } from "./model.ts";
import type { UploadService } from "./service.ts";

export function uploadRoutes({
  context,
  uploads,
  headers,
}: {
  context: ContextDeps;
  uploads: UploadService;
  headers: Record<string, string>;
}) {
  const admin = new Elysia()
    .use(adminContext(context))
    .post("/api/admin/uploads", async ({ body, set }) => {
      const url = await uploads.save(body instanceof Uint8Array ? body : new Uint8Array());
      set.status = 201;
      return { url };
    })
    .get("/api/admin/uploads", () => uploads.list())
    .delete("/api/admin/uploads/:name", ({ params, actor, set }) => {
      uploads.remove(params.name, actor);
      set.status = 204;
    });
  return new Elysia().use(admin).get(
    "/uploads/:name",
    ({ params }) => {
      const path = uploads.file(params.name);
      if (!path) return jsonError(404, "No such image", headers);
      const type = UPLOAD_TYPES[params.name.slice(params.name.lastIndexOf(".") + 1)]!;
      return new Response(Bun.file(path), {
        headers: { ...headers, "content-type": type, "cache-control": "public, max-age=31536000, immutable" },
      });
    },
    { detail: { hide: true } },
  );
}
