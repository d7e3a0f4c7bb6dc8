// The FAQ: four categories of questions (product.md, FAQ page).
export const FAQ: { category: string; questions: { q: string; a: string }[] }[] = [
  {
    category: "Security & Privacy",
    questions: [
      {
        q: "Will you ever ask for my secret key or recovery phrase?",
        a: "Never. The faucet only needs your public address, which starts with r. Anyone asking for your secret key or recovery phrase is trying to steal your funds.",
      },
      {
        q: "What do you store about me?",
        a: "The address you request drops for, when you asked, and the network address and device cookie we use to stop abuse. With an account, also your username and email. We never sell your data.",
      },
      {
        q: "Is my connection secure?",
        a: "The site is served over HTTPS, sessions live in a secure, HttpOnly cookie, and passwords are stored only as Argon2id hashes.",
      },
    ],
  },
  {
    category: "Scam Awareness",
    questions: [
      {
        q: "Someone offers to double my XRP if I send some first. Is that you?",
        a: "No. That is always a scam. We send you XRP; we never ask you to send XRP to us.",
      },
      {
        q: "How do I recognise a fake faucet?",
        a: "Check the address in your browser, be wary of links in direct messages, and leave any site that asks for your secret key, a recovery phrase, or a 'verification' payment.",
      },
      {
        q: "I think I found a scam using your name. What should I do?",
        a: "Do not send anything. Write to us through the advertising contact on the blog page so we can warn others.",
      },
    ],
  },
  {
    category: "How It Works",
    questions: [
      {
        q: "How often can I claim?",
        a: "Once every 24 hours per wallet address. There are also limits per network and per device so that everyone gets a fair share.",
      },
      {
        q: "How much XRP will I get?",
        a: "The faucet chooses the amount of each drop within the range the operators set. You see it as soon as your request is received.",
      },
      {
        q: "How long does a payout take?",
        a: "Our admin team reviews requests by hand; payouts may take up to 24 hours. With an account you can follow each request in your dashboard.",
      },
      {
        q: "Do I need an account?",
        a: "No. An account is optional and adds request history, a daily streak, points and bonuses for sharing and reviewing.",
      },
    ],
  },
  {
    category: "Technical Questions",
    questions: [
      {
        q: "My wallet is new. Why was the drop not paid?",
        a: "New XRP Ledger accounts need at least 1 XRP (the reserve) to be created. A smaller payment to a brand-new address would fail, so the faucet holds it back and tells the team.",
      },
      {
        q: "What is a destination tag?",
        a: "A number exchanges use to tell their customers apart on one shared address. If your exchange gave you one, use your X-address, which carries the tag.",
      },
      {
        q: "Where can I see my payment?",
        a: "Once paid, your dashboard shows the transaction hash. Look it up in any XRP Ledger explorer: a validated payment is final.",
      },
    ],
  },
];
