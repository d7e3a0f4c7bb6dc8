// A catalog as the build ships it: every message compiled by Lingui's own compiler, so the runtime
// reads it without a message parser (build.ts; the page carries these, src/http/page-data.ts).
import { compileMessage } from "@lingui/message-utils/compileMessage";

export const compileCatalog = (source: Record<string, string>) =>
  Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
