// The FAQ: four categories of questions (product.md, FAQ page), by their catalog ids (faq.json).
import type { MessageId } from "../i18n";

export const FAQ: { category: MessageId; questions: { q: MessageId; a: MessageId }[] }[] = [
  {
    category: "faq.security.title",
    questions: [
      { q: "faq.security.secretKey.q", a: "faq.security.secretKey.a" },
      { q: "faq.security.stored.q", a: "faq.security.stored.a" },
      { q: "faq.security.connection.q", a: "faq.security.connection.a" },
    ],
  },
  {
    category: "faq.scams.title",
    questions: [
      { q: "faq.scams.double.q", a: "faq.scams.double.a" },
      { q: "faq.scams.fake.q", a: "faq.scams.fake.a" },
      { q: "faq.scams.report.q", a: "faq.scams.report.a" },
    ],
  },
  {
    category: "faq.howItWorks.title",
    questions: [
      { q: "faq.howItWorks.often.q", a: "faq.howItWorks.often.a" },
      { q: "faq.howItWorks.amount.q", a: "faq.howItWorks.amount.a" },
      { q: "faq.howItWorks.payout.q", a: "faq.howItWorks.payout.a" },
      { q: "faq.howItWorks.account.q", a: "faq.howItWorks.account.a" },
    ],
  },
  {
    category: "faq.technical.title",
    questions: [
      { q: "faq.technical.newWallet.q", a: "faq.technical.newWallet.a" },
      { q: "faq.technical.tag.q", a: "faq.technical.tag.a" },
      { q: "faq.technical.payment.q", a: "faq.technical.payment.a" },
    ],
  },
];
