// The web app's catalogs by their English ones: each namespace (a screen's, or the frame's `common`)
// is a file of the build in each language (build.ts compiles them; the page carries its first
// screen's, i18n.ts fetches the others). The English catalogs give the message ids their type: an id
// no English catalog has fails the typecheck; src/shared/locales/catalogs.test.ts fails on a key a
// language lacks or the code does not use.
import type english from "../../../src/shared/locales/en/index";

import type commonMessages from "../../../src/shared/locales/en/common.json";
import type homeMessages from "../../../src/shared/locales/en/home.json";
import type faucetMessages from "../../../src/shared/locales/en/faucet.json";
import type claimMessages from "../../../src/shared/locales/en/claim.json";
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

export type Namespace = keyof typeof english;

export type MessageId =
  | keyof typeof commonMessages
  | keyof typeof homeMessages
  | keyof typeof faucetMessages
  | keyof typeof claimMessages
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
