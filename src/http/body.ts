// Request bodies: reading one with a size limit, and the schemas that type them.
//
// Request body schemas. Every field a route reads is typed here, so a value of another shape (an
// object where text is expected, {"toString": null}, ...) is refused with a 400 before any handler
// touches it; handlers never call String(), `${}` or methods on a value the schema did not type.
// Every schema carries its own message: without one, Elysia's validation error formats the
// offending value into a string, which itself throws for such objects.
import { t, type TSchema } from "elysia";
import { known, said } from "../modules/i18n/messages.ts";

type Properties = Record<string, TSchema>;

// A JSON object body (or none); fields it does not list are ignored, never read.
export const jsonBody = <P extends Properties>(properties: P) =>
  t.Optional(t.Object(properties, { additionalProperties: true, error: "The request body must be a JSON object" }));

// Optional text of at most `max` characters; null and absent read the same.
export const text = (max: number, error: string) =>
  t.Optional(t.Union([t.String({ maxLength: max }), t.Null()], { error }));

// Optional text with the usual message: "<field> must be text of at most <max> characters".
export const textField = (field: string, max: number) =>
  text(max, known(said("server.form.textTooLong", { field, max })));

// Optional true/false.
export const flag = (error: string) => t.Optional(t.Union([t.Boolean(), t.Null()], { error }));

// Optional list of short texts.
export const textList = (maxItems: number, maxLength: number, error: string) =>
  t.Optional(t.Union([t.Array(t.String({ maxLength }), { maxItems }), t.Null()], { error }));

// Optional object of the given fields (each with its own message).
export const nested = <P extends Properties>(properties: P, error: string) =>
  t.Optional(t.Union([t.Object(properties, { additionalProperties: true }), t.Null()], { error }));

// A JSON Content-Type (application/json, or a +json type like application/merge-patch+json).
export const IS_JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

// The body as text, read chunk by chunk: past `max` bytes the read stops and `tooLarge()` is thrown,
// so a chunked upload without a Content-Length never holds more than `max` bytes in memory. A body
// still arriving after `deadlineMs` stops with `tooSlow()`: a slow body holds a connection (and a
// file descriptor) only that long.
export async function readBody(
  request: Request,
  max: number,
  tooLarge: () => Error,
  deadlineMs = Number.POSITIVE_INFINITY,
  tooSlow: () => Error = tooLarge,
): Promise<string> {
  // A declared length within the limit (the app refused a larger one at the door): read whole by
  // Bun, without a stream reader's machinery, which was a good part of a small request's time.
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared >= 0 && declared <= max) {
    if (!Number.isFinite(deadlineMs)) return request.text();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(tooSlow()), deadlineMs);
    });
    try {
      return await Promise.race([request.text(), late]);
    } finally {
      clearTimeout(timer);
    }
  }
  return new TextDecoder().decode(await readBytes(request, max, tooLarge, deadlineMs, tooSlow));
}

// The body's bytes, with the same limits (an admin's image upload).
export async function readBytes(
  request: Request,
  max: number,
  tooLarge: () => Error,
  deadlineMs = Number.POSITIVE_INFINITY,
  tooSlow: () => Error = tooLarge,
): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = Number.isFinite(deadlineMs)
    ? new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(tooSlow()); // (before the cancel, which ends the pending read as if the body were whole)
          void reader.cancel().catch(() => {});
        }, deadlineMs);
      })
    : null;
  try {
    return await readAll();
  } finally {
    clearTimeout(timer);
  }

  async function readAll(): Promise<Uint8Array> {
    for (;;) {
      const { value, done } = late ? await Promise.race([reader.read(), late]) : await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        void reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
    return new Uint8Array(Buffer.concat(chunks, size));
  }
}

// Bodies being read at once per client network (an IPv6 /64, an IPv4 address or /24): a flood of
// slow bodies from one network holds a few connections, not the process's file descriptors.
export const BODY_READS_PER_NETWORK = 64;
export function createBodyReads(limit = BODY_READS_PER_NETWORK) {
  const reading = new Map<string, number>();
  return {
    // Takes a place for `key`, or false when its network already has `limit` bodies on the way.
    enter(key: string): boolean {
      const n = reading.get(key) ?? 0;
      if (n >= limit) return false;
      reading.set(key, n + 1);
      return true;
    },
    leave(key: string): void {
      const n = (reading.get(key) ?? 1) - 1;
      if (n > 0) reading.set(key, n);
      else reading.delete(key);
    },
  };
}
