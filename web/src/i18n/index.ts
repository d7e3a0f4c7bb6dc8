// What screens use to speak the page's language: `t` for a message as text (a label, a toast, a
// title), `<T>` for one with links or emphasis inside (`components`), `useFormats` for numbers and
// dates by the language's own rules. Ids are typed by the English catalogs (catalogs.ts).
import { Trans, type TransProps } from "@lingui/react";
import { createElement } from "react";
import type { MessageId } from "./catalogs";
import { formatLanguage, i18n } from "./i18n";

export type { MessageId, Namespace } from "./catalogs";
export type { PageCatalogs } from "./i18n";
export { documentLanguage, i18n, languageBase, loadNamespaces, rememberLanguage, startLanguage } from "./i18n";

type Values = Record<string, unknown>;

// A message in the page's language. (The page's language never changes while it is open: the
// switcher loads the page again at its address in the chosen language.)
export const t = (id: MessageId, values?: Values): string => i18n._(id, values);

// A message with elements in it: <T id="faucet.terms" components={{ 0: <Link to="/faq" /> }} />
// for "Read the <0>FAQ</0> first".
export function T(props: { id: MessageId; values?: Values; components?: TransProps["components"] }) {
  return createElement(Trans, props);
}

// The page language's number and date formats.
export const locale = (): string => formatLanguage();
