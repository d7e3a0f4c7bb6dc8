// `bun test` preloads this (bunfig.toml): the web app's screens render in English, with every English
// catalog loaded as the page would load them.
import { DEFAULT_LANGUAGE } from "../../../src/shared/languages";
import { CATALOGS } from "./catalogs";
import { i18n } from "./i18n";

const { default: english } = await CATALOGS[DEFAULT_LANGUAGE]!();
for (const load of Object.values(english)) i18n.load(DEFAULT_LANGUAGE, (await load()).default);
i18n.activate(DEFAULT_LANGUAGE, [DEFAULT_LANGUAGE]);
