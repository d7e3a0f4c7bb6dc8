// The tests' pseudo-language (`en-XA`): each English message wrapped in ⟦ ⟧ and made a third longer
// (src/shared/pseudo.ts, which the server's refusals use too), so a browser test sees any text that
// came from no catalog and any that no longer fits.
import type { Messages } from "@lingui/core";
import { pseudoMessage as wrap } from "../../../src/shared/pseudo";

export const pseudoMessages = (messages: Messages): Messages =>
  Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, wrap(message)]));
