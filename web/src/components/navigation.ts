// The header's site links, in the order of the spec (account links and Claim XRP follow them).
export const siteLinks = [
  { to: "/faucet", label: "Free XRP Faucet" },
  { to: "/shopping-rewards", label: "Shopping Rewards", badge: "Soon" },
  { to: "/earn-more", label: "Earn More" },
  { to: "/advertise", label: "Advertise" },
  { to: "/faq", label: "FAQ" },
  { to: "/blog", label: "Blog" },
  { to: "/whitepaper", label: "About" },
] as const;
