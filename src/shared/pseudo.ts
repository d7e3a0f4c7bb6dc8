// The tests' pseudo-language (`en-XA`, PSEUDO_LANGUAGE): an English message wrapped in ⟦ ⟧ and made a
// third longer, so a browser test sees any text that came from no catalog and any that no longer
// fits. The web wraps its catalogs' messages (web/src/i18n/pseudo.ts), the server its own refusals.
// A message is compiled (its text and placeholders in order) in the build, its ICU text under
// `bun test`, or a text the server wrote. Pure, importing nothing.
export function pseudoMessage<M extends string | readonly unknown[]>(message: M): M {
  const text = typeof message === "string" ? message : message.filter((part) => typeof part === "string").join("");
  const pad = `${"~".repeat(Math.ceil(text.length / 3))}⟧`;
  return (typeof message === "string" ? `⟦${message}${pad}` : ["⟦", ...message, pad]) as unknown as M;
}
