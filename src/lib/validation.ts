// Small checks shared by the features; each answers with a message a person can act on.
import { badRequest } from "./errors.ts";

// An e-mail address and nothing else: the rule both the server and the browser check (src/shared/email.ts).
export { EMAIL_PATTERN, isEmail } from "../shared/email.ts";

// A trimmed string, "" when absent; refuses non-strings and text longer than `max`. (Each refusal
// names its message of the server's catalog, src/shared/locales/<language>/server.json, with its
// English: this layer does not read the catalog.)
export function optionalText(value: unknown, field: string, max: number): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string")
    throw badRequest({ id: "server.form.notText", values: { field }, text: `${field} must be text` });
  const text = value.trim();
  if (text.length > max)
    throw badRequest({
      id: "server.form.tooLong",
      values: { field, max },
      text: `${field} must be at most ${max} characters`,
    });
  return text;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}
