// Request bodies: reading one with a size limit, and the schemas that type them.
//
// Request body schemas. Every field a route reads is typed here, so a value of another shape (an
// object where text is expected, {"toString": null}, ...) is refused with a 400 before any handler
// touches it; handlers never call String(), `${}` or methods on a value the schema did not type.
// Every schema carries its own message: without one, Elysia's validation error formats the
// offending value into a string, which itself throws for such objects.
import { t, type TSchema } from "elysia";

type Properties = Record<string, TSchema>;

// A JSON object body (or none); fields it does not list are ignored, never read.
export const jsonBody = <P extends Properties>(properties: P) =>
  t.Optional(t.Object(properties, { additionalProperties: true, error: "The request body must be a JSON object" }));

// Optional text of at most `max` characters; null and absent read the same.
export const text = (max: number, error: string) => t.Optional(t.Union([t.String({ maxLength: max }), t.Null()], { error }));

// Optional text with the usual message: "<field> must be text of at most <max> characters".
export const textField = (field: string, max: number) => text(max, `${field} must be text of at most ${max} characters`);

// Optional true/false.
export const flag = (error: string) => t.Optional(t.Union([t.Boolean(), t.Null()], { error }));

// Optional list of short texts.
export const textList = (maxItems: number, maxLength: number, error: string) =>
  t.Optional(t.Union([t.Array(t.String({ maxLength }), { maxItems }), t.Null()], { error }));

// Optional object of the given fields (each with its own message).
export const nested = <P extends Properties>(properties: P, error: string) =>
  t.Optional(t.Union([t.Object(properties, { additionalProperties: true }), t.Null()], { error }));

// The body as text, read chunk by chunk: past `max` bytes the read stops and `tooLarge()` is thrown,
// so a chunked upload without a Content-Length never holds more than `max` bytes in memory.
export async function readBody(request: Request, max: number, tooLarge: () => Error): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}
