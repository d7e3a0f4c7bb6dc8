// The data the read scenarios answer with, shared by the binary's scenarios (seeded into its
// database) and bench/baseline.ts (which answers the same JSON, so a ratio compares like with like).

// Ten approved reviews of a realistic length, as GET /api/reviews lists them (newest first).
const REVIEW_BASE_MS = Date.UTC(2025, 0, 1);
export const BENCH_REVIEWS = Array.from({ length: 10 }, (_, i) => ({
  id: 10 - i,
  rating: 5 - (i % 3),
  content: `Review ${10 - i}: the XRP arrived within a minute and the limits were explained clearly. I came back the next day for the streak bonus and it worked as described.`,
  name: i % 4 === 3 ? "Anonymous" : `Visitor ${10 - i}`,
  approved: true,
  createdAt: new Date(REVIEW_BASE_MS + (10 - i) * 3_600_000).toISOString(),
}));

// The anonymous GET /api/social/bonus answer (the platforms and amounts of src/modules/social).
export const BENCH_SOCIAL_OFFER = {
  amountPerPlatform: "5.000000",
  weeklyMaximum: "15.000000",
  platforms: ["Facebook", "Twitter", "LinkedIn"].map((platform) => ({ platform, availableAt: null })),
};

// The anonymous GET /api/faucet/status answer of a fresh binary (the default settings: online, 5-20
// XRP a request, 100 XRP a day, nothing given out yet).
export const BENCH_FAUCET_STATUS = {
  isActive: true,
  message: "Faucet is online",
  offlineReason: null,
  minAmount: "5.000000",
  maxAmount: "20.000000",
  budgetLeft: "100.000000",
  budgetTotal: "100.000000",
  budgetLeftDrops: 100000000,
  budgetTotalDrops: 100000000,
  reviewerBonus: "5.000000",
  nextClaimSeconds: null,
};
