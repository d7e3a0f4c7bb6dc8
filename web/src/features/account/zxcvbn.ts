// zxcvbn-ts with its dictionaries, for the strength hint (the server judges with the same packages
// and rule, src/shared/password-rule.ts). Large (about 1.6 MB before compression): only ever
// imported dynamically, by the new-password field (components/NewPasswordFields.tsx), so no page
// carries it but the ones that ask for a new password, and those only once its field is focused. It
// holds the packages alone: the rule stays in the pages' own chunk (an import of it here would give
// it a chunk of its own, one more entry in every page's preload table), and named imports only (a
// namespace object, `export * as`, puts a helper into the home page's chunk).
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonWords } from "@zxcvbn-ts/language-common";
import { dictionary as englishWords, translations } from "@zxcvbn-ts/language-en";

export const zxcvbnPackages = {
  ZxcvbnFactory,
  common: { dictionary: commonWords, adjacencyGraphs },
  en: { dictionary: englishWords, translations },
};
