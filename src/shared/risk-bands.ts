// The bands of a request's risk score (0-100), as the admin's badge shows them and the server acts on
// them. One place, so the list filters, the budget and the badge cannot disagree.
export const RISK_LEVELS = ["low", "medium", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

// From this score a request is flagged (the badge turns yellow): it waits for a person and holds no
// budget, so flagged requests cannot use up what honest visitors are paid from.
export const MEDIUM_RISK = 25;
// From this score a request is high-risk (the badge turns red).
export const HIGH_RISK = 50;

export const RISK_BANDS: Record<RiskLevel, { min: number; below: number | null }> = {
  low: { min: 0, below: MEDIUM_RISK },
  medium: { min: MEDIUM_RISK, below: HIGH_RISK },
  high: { min: HIGH_RISK, below: null },
};

export function riskBand(score: number): RiskLevel {
  if (score >= HIGH_RISK) return "high";
  return score >= MEDIUM_RISK ? "medium" : "low";
}

// Only a low-risk faucet request holds the day's budget when it is made: it is what auto-approve may pay.
export const holdsBudget = (score: number) => riskBand(score) === "low";
