// Every catalog of the web app: one per namespace (a screen, or the frame every page has) and language,
// each its own chunk, fetched only for the page's language (build.ts compiles them). The English
// catalogs give the message ids their type: an id no English catalog has fails the typecheck, and
// src/shared/locales/catalogs.test.ts fails on a key one language lacks or nobody uses.
import type { Messages } from "@lingui/core";

import type commonMessages from "../../../src/shared/locales/en/common.json";
import type homeMessages from "../../../src/shared/locales/en/home.json";
import type faucetMessages from "../../../src/shared/locales/en/faucet.json";
import type reviewsMessages from "../../../src/shared/locales/en/reviews.json";
import type earnMessages from "../../../src/shared/locales/en/earn.json";
import type faqMessages from "../../../src/shared/locales/en/faq.json";
import type whitepaperMessages from "../../../src/shared/locales/en/whitepaper.json";
import type shoppingMessages from "../../../src/shared/locales/en/shopping.json";
import type advertiseMessages from "../../../src/shared/locales/en/advertise.json";
import type signupsMessages from "../../../src/shared/locales/en/signups.json";
import type contactMessages from "../../../src/shared/locales/en/contact.json";
import type blogMessages from "../../../src/shared/locales/en/blog.json";
import type authMessages from "../../../src/shared/locales/en/auth.json";
import type dashboardMessages from "../../../src/shared/locales/en/dashboard.json";
import type settingsMessages from "../../../src/shared/locales/en/settings.json";

type Loader = () => Promise<{ default: Messages }>;

// The tests' pseudo-language (`en-XA`): each English message wrapped in ⟦ ⟧ and made a third longer,
// so a browser test sees any text that came from no catalog and any that no longer fits. A message is
// compiled (an array of text and placeholders) in the build, its ICU text in `bun test`.
async function pseudo(english: Promise<{ default: Messages }>): Promise<{ default: Messages }> {
  const wrap = (message: Messages[string]) => {
    const text = typeof message === "string" ? message : message.filter((part) => typeof part === "string").join("");
    const pad = `${"~".repeat(Math.ceil(text.length / 3))}⟧`;
    return typeof message === "string" ? `⟦${message}${pad}` : ["⟦", ...message, pad];
  };
  const { default: messages } = await english;
  return { default: Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, wrap(message)])) };
}

export const CATALOGS = {
  common: {
    en: () => import("../../../src/shared/locales/en/common.json"),
    es: () => import("../../../src/shared/locales/es/common.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/common.json"),
    fr: () => import("../../../src/shared/locales/fr/common.json"),
    tr: () => import("../../../src/shared/locales/tr/common.json"),
    id: () => import("../../../src/shared/locales/id/common.json"),
    ja: () => import("../../../src/shared/locales/ja/common.json"),
    ko: () => import("../../../src/shared/locales/ko/common.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/common.json")),
  },
  home: {
    en: () => import("../../../src/shared/locales/en/home.json"),
    es: () => import("../../../src/shared/locales/es/home.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/home.json"),
    fr: () => import("../../../src/shared/locales/fr/home.json"),
    tr: () => import("../../../src/shared/locales/tr/home.json"),
    id: () => import("../../../src/shared/locales/id/home.json"),
    ja: () => import("../../../src/shared/locales/ja/home.json"),
    ko: () => import("../../../src/shared/locales/ko/home.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/home.json")),
  },
  faucet: {
    en: () => import("../../../src/shared/locales/en/faucet.json"),
    es: () => import("../../../src/shared/locales/es/faucet.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/faucet.json"),
    fr: () => import("../../../src/shared/locales/fr/faucet.json"),
    tr: () => import("../../../src/shared/locales/tr/faucet.json"),
    id: () => import("../../../src/shared/locales/id/faucet.json"),
    ja: () => import("../../../src/shared/locales/ja/faucet.json"),
    ko: () => import("../../../src/shared/locales/ko/faucet.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/faucet.json")),
  },
  reviews: {
    en: () => import("../../../src/shared/locales/en/reviews.json"),
    es: () => import("../../../src/shared/locales/es/reviews.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/reviews.json"),
    fr: () => import("../../../src/shared/locales/fr/reviews.json"),
    tr: () => import("../../../src/shared/locales/tr/reviews.json"),
    id: () => import("../../../src/shared/locales/id/reviews.json"),
    ja: () => import("../../../src/shared/locales/ja/reviews.json"),
    ko: () => import("../../../src/shared/locales/ko/reviews.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/reviews.json")),
  },
  earn: {
    en: () => import("../../../src/shared/locales/en/earn.json"),
    es: () => import("../../../src/shared/locales/es/earn.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/earn.json"),
    fr: () => import("../../../src/shared/locales/fr/earn.json"),
    tr: () => import("../../../src/shared/locales/tr/earn.json"),
    id: () => import("../../../src/shared/locales/id/earn.json"),
    ja: () => import("../../../src/shared/locales/ja/earn.json"),
    ko: () => import("../../../src/shared/locales/ko/earn.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/earn.json")),
  },
  faq: {
    en: () => import("../../../src/shared/locales/en/faq.json"),
    es: () => import("../../../src/shared/locales/es/faq.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/faq.json"),
    fr: () => import("../../../src/shared/locales/fr/faq.json"),
    tr: () => import("../../../src/shared/locales/tr/faq.json"),
    id: () => import("../../../src/shared/locales/id/faq.json"),
    ja: () => import("../../../src/shared/locales/ja/faq.json"),
    ko: () => import("../../../src/shared/locales/ko/faq.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/faq.json")),
  },
  whitepaper: {
    en: () => import("../../../src/shared/locales/en/whitepaper.json"),
    es: () => import("../../../src/shared/locales/es/whitepaper.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/whitepaper.json"),
    fr: () => import("../../../src/shared/locales/fr/whitepaper.json"),
    tr: () => import("../../../src/shared/locales/tr/whitepaper.json"),
    id: () => import("../../../src/shared/locales/id/whitepaper.json"),
    ja: () => import("../../../src/shared/locales/ja/whitepaper.json"),
    ko: () => import("../../../src/shared/locales/ko/whitepaper.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/whitepaper.json")),
  },
  shopping: {
    en: () => import("../../../src/shared/locales/en/shopping.json"),
    es: () => import("../../../src/shared/locales/es/shopping.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/shopping.json"),
    fr: () => import("../../../src/shared/locales/fr/shopping.json"),
    tr: () => import("../../../src/shared/locales/tr/shopping.json"),
    id: () => import("../../../src/shared/locales/id/shopping.json"),
    ja: () => import("../../../src/shared/locales/ja/shopping.json"),
    ko: () => import("../../../src/shared/locales/ko/shopping.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/shopping.json")),
  },
  advertise: {
    en: () => import("../../../src/shared/locales/en/advertise.json"),
    es: () => import("../../../src/shared/locales/es/advertise.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/advertise.json"),
    fr: () => import("../../../src/shared/locales/fr/advertise.json"),
    tr: () => import("../../../src/shared/locales/tr/advertise.json"),
    id: () => import("../../../src/shared/locales/id/advertise.json"),
    ja: () => import("../../../src/shared/locales/ja/advertise.json"),
    ko: () => import("../../../src/shared/locales/ko/advertise.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/advertise.json")),
  },
  signups: {
    en: () => import("../../../src/shared/locales/en/signups.json"),
    es: () => import("../../../src/shared/locales/es/signups.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/signups.json"),
    fr: () => import("../../../src/shared/locales/fr/signups.json"),
    tr: () => import("../../../src/shared/locales/tr/signups.json"),
    id: () => import("../../../src/shared/locales/id/signups.json"),
    ja: () => import("../../../src/shared/locales/ja/signups.json"),
    ko: () => import("../../../src/shared/locales/ko/signups.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/signups.json")),
  },
  contact: {
    en: () => import("../../../src/shared/locales/en/contact.json"),
    es: () => import("../../../src/shared/locales/es/contact.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/contact.json"),
    fr: () => import("../../../src/shared/locales/fr/contact.json"),
    tr: () => import("../../../src/shared/locales/tr/contact.json"),
    id: () => import("../../../src/shared/locales/id/contact.json"),
    ja: () => import("../../../src/shared/locales/ja/contact.json"),
    ko: () => import("../../../src/shared/locales/ko/contact.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/contact.json")),
  },
  blog: {
    en: () => import("../../../src/shared/locales/en/blog.json"),
    es: () => import("../../../src/shared/locales/es/blog.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/blog.json"),
    fr: () => import("../../../src/shared/locales/fr/blog.json"),
    tr: () => import("../../../src/shared/locales/tr/blog.json"),
    id: () => import("../../../src/shared/locales/id/blog.json"),
    ja: () => import("../../../src/shared/locales/ja/blog.json"),
    ko: () => import("../../../src/shared/locales/ko/blog.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/blog.json")),
  },
  auth: {
    en: () => import("../../../src/shared/locales/en/auth.json"),
    es: () => import("../../../src/shared/locales/es/auth.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/auth.json"),
    fr: () => import("../../../src/shared/locales/fr/auth.json"),
    tr: () => import("../../../src/shared/locales/tr/auth.json"),
    id: () => import("../../../src/shared/locales/id/auth.json"),
    ja: () => import("../../../src/shared/locales/ja/auth.json"),
    ko: () => import("../../../src/shared/locales/ko/auth.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/auth.json")),
  },
  dashboard: {
    en: () => import("../../../src/shared/locales/en/dashboard.json"),
    es: () => import("../../../src/shared/locales/es/dashboard.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/dashboard.json"),
    fr: () => import("../../../src/shared/locales/fr/dashboard.json"),
    tr: () => import("../../../src/shared/locales/tr/dashboard.json"),
    id: () => import("../../../src/shared/locales/id/dashboard.json"),
    ja: () => import("../../../src/shared/locales/ja/dashboard.json"),
    ko: () => import("../../../src/shared/locales/ko/dashboard.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/dashboard.json")),
  },
  settings: {
    en: () => import("../../../src/shared/locales/en/settings.json"),
    es: () => import("../../../src/shared/locales/es/settings.json"),
    "pt-BR": () => import("../../../src/shared/locales/pt-BR/settings.json"),
    fr: () => import("../../../src/shared/locales/fr/settings.json"),
    tr: () => import("../../../src/shared/locales/tr/settings.json"),
    id: () => import("../../../src/shared/locales/id/settings.json"),
    ja: () => import("../../../src/shared/locales/ja/settings.json"),
    ko: () => import("../../../src/shared/locales/ko/settings.json"),
    "en-XA": () => pseudo(import("../../../src/shared/locales/en/settings.json")),
  },
} satisfies Record<string, Record<string, Loader>>;

export type Namespace = keyof typeof CATALOGS;
export type MessageId =
  | keyof typeof commonMessages
  | keyof typeof homeMessages
  | keyof typeof faucetMessages
  | keyof typeof reviewsMessages
  | keyof typeof earnMessages
  | keyof typeof faqMessages
  | keyof typeof whitepaperMessages
  | keyof typeof shoppingMessages
  | keyof typeof advertiseMessages
  | keyof typeof signupsMessages
  | keyof typeof contactMessages
  | keyof typeof blogMessages
  | keyof typeof authMessages
  | keyof typeof dashboardMessages
  | keyof typeof settingsMessages;
