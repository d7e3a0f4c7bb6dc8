// The admin's risk badge shows the band the server files a request under: the list filters
// (`?risk=low|medium|high`) and the budget read the same bands, so a score on the line between two
// bands looks the way the server treats it.
import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { holdsBudget, RISK_BANDS, type RiskLevel } from "../../../../src/shared/risk-bands";
import { RiskBadge } from "./ui";

// the band whose bounds, as the server's list filter turns them into SQL, hold the score
const serverBand = (score: number) =>
  (Object.entries(RISK_BANDS) as [RiskLevel, { min: number; below: number | null }][]).find(
    ([, { min, below }]) => score >= min && (below === null || score < below),
  )?.[0];

test.each([
  [19, "Low", "green", "low"],
  [20, "Low", "green", "low"],
  [24, "Low", "green", "low"],
  [25, "Medium", "yellow", "medium"],
  [49, "Medium", "yellow", "medium"],
  [50, "High", "red", "high"],
])("a score of %d shows %s, the band the server files it under", (score, label, colour, band) => {
  const html = renderToStaticMarkup(<RiskBadge score={score} />);
  expect(html).toContain(`${label} (${score})`);
  expect(html).toContain(`bg-${colour}-100`);
  expect(serverBand(score)).toBe(band as RiskLevel);
  // only a low-risk request holds budget: a green badge never waits for a person holding nothing
  expect(holdsBudget(score)).toBe(band === "low");
});

test("a missing score shows N/A", () => {
  expect(renderToStaticMarkup(<RiskBadge score={null} />)).toContain("N/A");
});
