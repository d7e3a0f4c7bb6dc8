// `bun test` preloads this (bunfig.toml): the web app's screens render in English, with every English
// catalog loaded.
import { DEFAULT_LANGUAGE } from "../../../src/shared/languages";
import english from "../../../src/shared/locales/en/index";
import { i18n } from "./i18n";

for (const load of Object.values(english)) i18n.load(DEFAULT_LANGUAGE, (await load()).default);
i18n.activate(DEFAULT_LANGUAGE, [DEFAULT_LANGUAGE]);
