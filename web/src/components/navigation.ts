import type { MessageId } from "../i18n";

// The header's site links, in the order of the spec (account links and Claim XRP follow them).
export const siteLinks: readonly { to: string; label: MessageId; soon?: true }[] = [
  { to: "/faucet", label: "common.nav.faucet" },
  { to: "/shopping-rewards", label: "common.nav.shopping", soon: true },
  { to: "/earn-more", label: "common.nav.earn" },
  { to: "/advertise", label: "common.nav.advertise" },
  { to: "/faq", label: "common.nav.faq" },
  { to: "/blog", label: "common.nav.blog" },
  { to: "/whitepaper", label: "common.nav.about" },
];
