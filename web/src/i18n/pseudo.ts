// The tests' pseudo-language (`en-XA`): each English message wrapped in ⟦ ⟧ and made a third longer,
// so a browser test sees any text that came from no catalog and any that no longer fits. A message is
// compiled (its text and placeholders in order) in the build, its ICU text under `bun test`.
import type { Messages } from "@lingui/core";
import english from "../../../src/shared/locales/en/index";

function wrap(message: Messages[string]): Messages[string] {
  const text = typeof message === "string" ? message : message.filter((part) => typeof part === "string").join("");
  const pad = `${"~".repeat(Math.ceil(text.length / 3))}⟧`;
  return typeof message === "string" ? `⟦${message}${pad}` : ["⟦", ...message, pad];
}

const pseudo = (load: () => Promise<{ default: Messages }>) => async () => {
  const { default: messages } = await load();
  return { default: Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, wrap(message)])) };
};

export default Object.fromEntries(
  Object.entries(english).map(([namespace, load]) => [namespace, pseudo(load)]),
) as unknown as typeof english;
