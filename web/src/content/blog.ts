// The fixed blog list (product.md: 8 posts). Images are drawn, never fetched from elsewhere.
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string[];
  featuredImage: { from: string; to: string } | null;
  publishedAt: string;
  author: { username: string };
}

export const BLOG_POSTS: BlogPost[] = [
  {
    id: 1,
    title: "Welcome to the XRP Faucet",
    slug: "welcome-to-the-xrp-faucet",
    excerpt: "What the faucet is, who it is for, and how a free drop of XRP reaches your wallet.",
    content: [
      "The XRP Faucet gives small amounts of XRP to anyone with an XRP Ledger address. There is nothing to buy and no account to create: paste your address, ask for a drop, and our team reviews the request.",
      "Every approved request is paid on the XRP Ledger itself. Once a ledger validates the payment it is final, and you can see it in any ledger explorer with the transaction hash we show in your dashboard.",
      "An account is optional. It adds a personal dashboard with your request history, a daily streak, and extra ways to earn such as the social-sharing and reviewer bonuses.",
    ],
    featuredImage: { from: "#2563eb", to: "#60a5fa" },
    publishedAt: "2024-11-04",
    author: { username: "faucet-team" },
  },
  {
    id: 2,
    title: "Keep Your Secret Key Secret",
    slug: "keep-your-secret-key-secret",
    excerpt: "Your address is public; your secret key is not. The one rule that keeps your XRP safe.",
    content: [
      "An XRP Ledger wallet has two parts: a public address that starts with r, and a secret key (or a recovery phrase) that controls the funds. Anyone may know your address. Nobody should ever see your secret.",
      "The faucet only needs your address. We will never ask for your secret key, your recovery phrase, or to 'verify' your wallet by connecting it somewhere. Anyone who asks for them is trying to steal from you.",
      "Write your recovery phrase on paper, keep it offline, and never type it into a website you reached from a message or an advertisement.",
    ],
    featuredImage: { from: "#0f766e", to: "#2dd4bf" },
    publishedAt: "2024-11-08",
    author: { username: "security-desk" },
  },
  {
    id: 3,
    title: "Destination Tags, Explained",
    slug: "destination-tags-explained",
    excerpt: "Exchanges share one address between many customers. The destination tag tells them which one is you.",
    content: [
      "When you send XRP to an exchange, the address usually belongs to the exchange, not to you. The destination tag, a number, tells the exchange whose account to credit.",
      "If your exchange gave you an address and a tag, use an X-address (it starts with X and contains both) or make sure the tag travels with the payment. The faucet accepts X-addresses and keeps the tag.",
      "Accounts that require a tag refuse payments without one. Our payout engine checks this before sending, so a missing tag never costs you a drop.",
    ],
    featuredImage: { from: "#7c3aed", to: "#a78bfa" },
    publishedAt: "2024-11-12",
    author: { username: "faucet-team" },
  },
  {
    id: 4,
    title: "Why New Wallets Need 1 XRP",
    slug: "why-new-wallets-need-1-xrp",
    excerpt: "The reserve keeps the ledger lean. Here is what it means for your first drop.",
    content: [
      "Every account on the XRP Ledger keeps a small reserve, currently 1 XRP, plus 0.2 XRP for each object it owns. The reserve cannot be spent; it keeps the shared ledger free of spam accounts.",
      "A payment to an address that does not exist yet creates the account, but only if it carries at least the reserve. Smaller payments to a brand-new address fail.",
      "That is why the faucet checks your address before paying: if a drop would be too small to activate a new wallet, it tells the admin team instead of wasting the fee.",
    ],
    featuredImage: null,
    publishedAt: "2024-11-15",
    author: { username: "ledger-notes" },
  },
  {
    id: 5,
    title: "How We Stop Faucet Bots",
    slug: "how-we-stop-faucet-bots",
    excerpt: "Limits per address, network and device, a risk score, and humans in the loop.",
    content: [
      "A free faucet attracts scripts that try to claim thousands of times. Each request is checked on the server: one per address every 24 hours, a few per network and per device, and a daily budget for the whole faucet.",
      "Every request also gets a risk score from signals such as how many addresses one device used or whether the request came from a script. The admin team sees the score and its reasons before approving anything.",
      "Honest visitors notice none of this. Bots notice all of it.",
    ],
    featuredImage: { from: "#be123c", to: "#fb7185" },
    publishedAt: "2024-11-19",
    author: { username: "security-desk" },
  },
  {
    id: 6,
    title: "Build a Daily Streak",
    slug: "build-a-daily-streak",
    excerpt: "Come back every day, keep your streak alive, and collect points along the way.",
    content: [
      "Logged-in users earn points for each faucet claim, and a little more for every day in a row. Miss more than a day and the streak starts again.",
      "Your dashboard shows your streak, your points and your last claim, so you always know when the next one is possible.",
      "More ways to use points are coming: staking rewards, a referral program and achievements are on the roadmap.",
    ],
    featuredImage: { from: "#ea580c", to: "#fdba74" },
    publishedAt: "2024-11-22",
    author: { username: "faucet-team" },
  },
  {
    id: 7,
    title: "Share and Earn: the Social Bonus",
    slug: "share-and-earn-the-social-bonus",
    excerpt: "Tell your friends about the faucet and claim a bonus for each platform, every week.",
    content: [
      "Share the faucet on Facebook, Twitter or LinkedIn from your dashboard or the Earn More page, then claim your bonus with your wallet address.",
      "Each platform can be claimed once a week. Bonuses are checked by the admin team and paid together with your other rewards.",
      "Sharing works without an account too: it helps spread the word, and you can create an account at any time to start claiming.",
    ],
    featuredImage: { from: "#0369a1", to: "#38bdf8" },
    publishedAt: "2024-11-26",
    author: { username: "community" },
  },
  {
    id: 8,
    title: "Spotting Fake Faucets and Giveaways",
    slug: "spotting-fake-faucets-and-giveaways",
    excerpt: "'Send 100 XRP, get 200 back' is always a scam. Five signs to watch for.",
    content: [
      "Real faucets send you XRP; they never ask you to send XRP first. Any 'giveaway' that doubles what you send is a scam, however official it looks.",
      "Check the address bar, be wary of links in direct messages, never share your secret key, and remember that no legitimate service needs it.",
      "When in doubt, ask in our FAQ or contact the team. We would rather answer a question than see you lose your funds.",
    ],
    featuredImage: { from: "#4338ca", to: "#818cf8" },
    publishedAt: "2024-11-30",
    author: { username: "security-desk" },
  },
];

export const findPost = (slug: string | undefined) => BLOG_POSTS.find((p) => p.slug === slug);
