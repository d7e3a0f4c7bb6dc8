// The whitepaper's text: the page shows it, and build.ts writes it as a PDF (WHITEPAPER_PDF).
export const WHITEPAPER_TITLE = "XRP Faucet Whitepaper";
export const WHITEPAPER_PDF = "/xrp-faucet-whitepaper.pdf";

export const WHITEPAPER_SECTIONS: { title: string; text: string }[] = [
  {
    title: "Mission",
    text: "Make a first taste of the XRP Ledger free, safe and simple: a small amount of real XRP for anyone with a wallet address, and clear guidance on keeping it safe.",
  },
  {
    title: "Technology",
    text: "One self-hosted server with its own database pays on the XRP Ledger from a hot wallet. Every payment is signed once per ledger Sequence and recorded before it is sent, so a crash or a timeout can never pay twice.",
  },
  {
    title: "Faucet Mechanics",
    text: "A visitor asks for a drop with an address. The server checks the limits, chooses the amount within the configured range, and queues the request for an admin. Approved requests are paid and marked processed once a validated ledger includes them.",
  },
  {
    title: "Anti-Bot Measures",
    text: "One claim per address every 24 hours, limits per network and device, a daily budget, and a risk score with readable reasons for every request. Humans approve every payout.",
  },
  {
    title: "Economics",
    text: "The daily budget caps what the faucet can give away each day. Drops are small; bonuses for sharing and reviewing reward people who help the community grow.",
  },
  {
    title: "Security",
    text: "Secrets never reach a browser or a log. Passwords are hashed with Argon2id, sessions live in secure cookies, and every admin action is recorded in an audit log.",
  },
  {
    title: "Roadmap",
    text: "Shopping rewards, staking rewards, a referral program, achievements and educational quests.",
  },
];
