// The tests' pseudo-language (`en-XA`): each English message wrapped in ⟦ ⟧ and made a third longer
// (src/shared/pseudo.ts, which the server's refusals use too), so a browser test sees any text that
// came from no catalog and any that no longer fits.
import type { Messages } from "@lingui/core";
import { pseudoMessage as wrap } from "../../../src/shared/pseudo";

type Catalogs = Record<string, () => Promise<{ default: Messages }>>;

const pseudo = (load: () => Promise<{ default: Messages }>) => async () => {
  const { default: messages } = await load();
  return { default: Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, wrap(message)])) };
};

// The English catalogs (given, not imported: English's own chunk then stays one file) made pseudo.
export const pseudoCatalogs = <C extends Catalogs>(english: C): C =>
  Object.fromEntries(Object.entries(english).map(([namespace, load]) => [namespace, pseudo(load)])) as C;
