// The whitepaper's sections, by their catalog ids (whitepaper.json): the page shows them in its
// language, and build.ts writes the English text as a PDF (WHITEPAPER_PDF).
import english from "../../../src/shared/locales/en/whitepaper.json";

type WhitepaperId = keyof typeof english;

export const WHITEPAPER_TITLE = "XRP Faucet Whitepaper";
export const WHITEPAPER_PDF = "/xrp-faucet-whitepaper.pdf";

export const WHITEPAPER_SECTION_IDS: { title: WhitepaperId; text: WhitepaperId }[] = [
  { title: "whitepaper.mission.title", text: "whitepaper.mission.text" },
  { title: "whitepaper.technology.title", text: "whitepaper.technology.text" },
  { title: "whitepaper.mechanics.title", text: "whitepaper.mechanics.text" },
  { title: "whitepaper.antiBot.title", text: "whitepaper.antiBot.text" },
  { title: "whitepaper.economics.title", text: "whitepaper.economics.text" },
  { title: "whitepaper.security.title", text: "whitepaper.security.text" },
  { title: "whitepaper.roadmap.title", text: "whitepaper.roadmap.text" },
];

// The sections in English, for the PDF.
export const WHITEPAPER_SECTIONS: { title: string; text: string }[] = /* @__PURE__ */ WHITEPAPER_SECTION_IDS.map(
  (s) => ({ title: english[s.title], text: english[s.text] }),
);
