// The English catalogs by namespace: the ids' types (web/src/i18n/catalogs.ts) and the tests' English.
export default {
  common: () => import("./common.json"),
  home: () => import("./home.json"),
  faucet: () => import("./faucet.json"),
  claim: () => import("./claim.json"),
  reviews: () => import("./reviews.json"),
  earn: () => import("./earn.json"),
  faq: () => import("./faq.json"),
  whitepaper: () => import("./whitepaper.json"),
  shopping: () => import("./shopping.json"),
  advertise: () => import("./advertise.json"),
  signups: () => import("./signups.json"),
  contact: () => import("./contact.json"),
  blog: () => import("./blog.json"),
  auth: () => import("./auth.json"),
  dashboard: () => import("./dashboard.json"),
  settings: () => import("./settings.json"),
};
