// The public site as a visitor uses it, against the built binary.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { gone, logInAsAdmin, newAddress, seen, type Site, startSite, toasts, until, untilPaid } from "./support.ts";

let site: Site;
beforeAll(async () => {
  // --trust-proxy: a test may speak for another visitor (X-Forwarded-For), as behind a real proxy;
  // the sandbox ledger pays what the admin approves (a reviewer bonus goes only to an address the
  // faucet already paid from the reviewer's device)
  site = await startSite({ args: ["--trust-proxy", "--xrpl", "sandbox", "--sandbox-port", "0"] });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);


describe("the faucet", () => {
  test("a visitor requests XRP, sees the success toast and a cleared field; the same address again shows the limit", async () => {
    const { page } = await site.newPage();
    await page.goto("/faucet");
    const field = page.getByLabel("XRP wallet address");
    const address = newAddress();
    await field.fill(address);
    await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
    // (the file's first proof of work, in a browser just started, beside another browser file in CI)
    await seen(toasts(page).getByText("Request Submitted Successfully!"), 45_000);
    expect(await field.inputValue()).toBe("");

    await field.fill(address);
    await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
    await seen(page.getByRole("alert").getByText(/already requested XRP in the last 24 hours/));
    expect(await field.inputValue()).toBe(address);
  }, 60_000);

  test("the browser proves its work before the request; a proof the server refuses is solved again", async () => {
    const { page } = await site.newPage();
    const answers: { status: number; proof: string | null }[] = [];
    page.on("response", async (response) => {
      if (response.url().endsWith("/api/faucet/request")) answers.push({ status: response.status(), proof: await response.request().headerValue("x-proof-of-work") });
    });
    // The first send goes out with a spoiled proof, as if it had expired on the way.
    let spoiled = false;
    await page.route("**/api/faucet/request", async (route) => {
      if (spoiled) return route.continue();
      spoiled = true;
      await route.continue({ headers: { ...route.request().headers(), "x-proof-of-work": "c3BvaWxlZA==" } });
    });
    await page.goto("/faucet");
    await page.getByLabel("XRP wallet address").fill(newAddress());
    await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
    await seen(toasts(page).getByText("Request Submitted Successfully!"));
    expect(answers.map((a) => a.status)).toEqual([403, 201]);
    // The accepted proof: the browser tried counters up to the server's secret one, drawn from 1 to
    // the default difficulty of 2000.
    const proof = JSON.parse(Buffer.from(answers[1]!.proof!, "base64").toString());
    expect(proof.challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 1000 });
    expect(proof.solution.counter).toBeGreaterThanOrEqual(1);
    expect(proof.solution.counter).toBeLessThanOrEqual(2000);
  }, 60_000);

  test("on plain HTTP under a hostname, where the browser has no WebCrypto, the form still proves its work", async () => {
    const { page } = await site.newPage({ plainHttpHost: true });
    await page.goto("/faucet");
    expect(await page.evaluate(() => [window.isSecureContext, Boolean(globalThis.crypto?.subtle)])).toEqual([false, false]);
    await page.getByLabel("XRP wallet address").fill(newAddress());
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/faucet/request"));
    await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
    await seen(toasts(page).getByText("Request Submitted Successfully!"));
    expect(await (await sent).headerValue("x-proof-of-work")).toBeTruthy();
  }, 60_000);

  test("an empty address is caught before anything is sent, under the field", async () => {
    const { page } = await site.newPage();
    await page.goto("/faucet");
    await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
    await seen(page.getByLabel("XRP wallet address"));
    expect(await page.locator("#faucet-address-error").textContent()).toBe("Please enter a valid XRP wallet address");
  }, 60_000);

  test("the status badge turns red when an admin has disabled the faucet", async () => {
    const { page } = await site.newPage();
    await page.goto("/");
    await seen(page.getByRole("button", { name: "Faucet Online" }));
    const admin = await site.newPage();
    await logInAsAdmin(admin.page);
    const status = await admin.page.evaluate(async () => {
      const res = await fetch("/api/admin/faucet/settings", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ dailyLimit: "100", minAmount: "5", maxAmount: "20", enabled: false }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    try {
      await page.reload();
      const badge = page.getByRole("button", { name: /^Faucet Offline/ });
      await seen(badge);
      await badge.click();
      await seen(page.getByText("Faucet is offline"));
      expect(await badge.getAttribute("data-state")).toBe("offline");
      expect(await badge.locator("span").first().getAttribute("class")).toContain("bg-red-500");
      await page.goto("/faucet");
      // the page says so before the form, and a request is refused beside its button
      await seen(page.getByRole("region", { name: "Faucet status" }).getByText("The faucet is offline right now. Please try again later."));
      await page.getByLabel("XRP wallet address").fill(newAddress());
      await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
      await seen(page.getByRole("alert").getByText("The faucet is offline right now. Please try again later."));
    } finally {
      await admin.page.evaluate(() =>
        fetch("/api/admin/faucet/settings", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ dailyLimit: "100", minAmount: "5", maxAmount: "20", enabled: true }),
        }),
      );
    }
  }, 60_000);
});

describe("reviews", () => {
  test("a review is submitted, the bonus is claimed, and the review shows in the community list once an admin approves it", async () => {
    // a visitor of their own: the faucet tests above used this machine's addresses for the day
    const { page } = await site.newPage({ visitorIp: "198.51.100.50" });
    // The bonus goes only to an address the faucet already paid from this browser: the visitor asks
    // the faucet for XRP at that address, and the admin approves it on the sandbox ledger.
    const address = newAddress();
    await page.goto("/faucet");
    await page.getByLabel("XRP wallet address").fill(address);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/faucet/request") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
    await seen(toasts(page).getByText("Request Submitted Successfully!"));
    const { id } = await (await answer).json();
    const admin = await site.newPage();
    await logInAsAdmin(admin.page);
    const approved = await admin.page.evaluate(
      async (id) => (await fetch(`/api/admin/faucet/requests/${id}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action: "APPROVED" }) })).status,
      id,
    );
    expect(approved).toBe(200);
    await untilPaid(admin.page, id, "the sandbox ledger to pay the visitor's request", 30_000);

    await page.goto("/reviews");
    await page.getByLabel("Name (optional)").fill("Rita");
    await page.getByLabel("Rating").selectOption("5");
    await page.getByLabel("Your review").fill("Quick and friendly faucet, paid the same day.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await seen(toasts(page).getByText("Review Submitted!"));
    await seen(page.getByRole("heading", { name: "Thank you for your review!" }));
    // from a device the faucet paid today, a review waits for an admin before it is shown
    await seen(page.getByText("Your review will appear once an admin has checked it."));
    const bonusField = page.getByLabel("XRP wallet address");
    await bonusField.fill(address);
    await page.getByRole("button", { name: "Claim Reviewer Bonus" }).click();
    await seen(toasts(page).getByText("Bonus Request Submitted!"));
    // the claim form gives way to what was received (issue 32: an empty form stayed, only a toast said so)
    await seen(page.getByRole("status").filter({ hasText: "received for" }));
    expect(await bonusField.count()).toBe(0);
    const reviews = await admin.page.evaluate(async () => (await (await fetch("/api/admin/reviews")).json()) as { id: number; content: string }[]);
    const review = reviews.find((r) => r.content === "Quick and friendly faucet, paid the same day.")!;
    const shown = await admin.page.evaluate(
      async (id) => (await fetch(`/api/admin/reviews/${id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ approved: true }) })).status,
      review.id,
    );
    expect(shown).toBe(200);
    await page.reload();
    await seen(page.getByText("Quick and friendly faucet, paid the same day."));
  }, 60_000);

  test("a review without text is refused; a device the faucet never paid is offered no bonus after it", async () => {
    const { page } = await site.newPage();
    await page.goto("/reviews");
    await page.getByLabel("Rating").selectOption("4");
    await page.getByRole("button", { name: "Submit Review" }).click();
    // the error stays under the fields it is about
    await seen(page.locator("#review-error").getByText("Please provide both a rating and review text"));
    expect(await page.getByLabel("Your review").getAttribute("aria-describedby")).toBe("review-error");
    await page.getByLabel("Your review").fill("Nice.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await seen(page.getByRole("heading", { name: "Thank you for your review!" }));
    expect(await page.getByRole("button", { name: "Claim Reviewer Bonus" }).count()).toBe(0);
  }, 60_000);
});

describe("signups and content", () => {
  test("the newsletter and the earning alerts confirm a signup (their proof of work starts on focus)", async () => {
    const { page } = await site.newPage();
    const challenges: string[] = [];
    page.on("request", (r) => void (r.url().includes("/api/pow/challenge?") && challenges.push(r.url())));
    await page.goto("/");
    const newsletter = page.locator("form").filter({ has: page.getByRole("button", { name: "Subscribe" }) });
    await seen(newsletter);
    await page.waitForTimeout(1500); // (the home page polls, so it never goes network-idle)
    expect(challenges).toEqual([]); // reading the home page costs no proof of work; using a form does
    await newsletter.getByLabel("Email").fill("reader@example.com");
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await seen(page.getByText("Thanks! You're subscribed to the newsletter."));

    const alerts = page.locator("form").filter({ has: page.getByRole("button", { name: "Get Alerts" }) });
    expect(await alerts.getByRole("checkbox").count()).toBe(3);
    await alerts.getByLabel("Email").fill("alerts@example.com");
    await alerts.getByRole("button", { name: "Get Alerts" }).click();
    await seen(toasts(page).getByText("Please select at least one type of alert"));
    await alerts.getByLabel("High-Value Rewards").check();
    await alerts.getByRole("button", { name: "Get Alerts" }).click();
    await seen(page.getByText("You're signed up for earning alerts."));

    await page.goto("/faucet");
    await seen(page.getByLabel("Market Opportunities"));
    expect(await page.getByRole("checkbox").count()).toBe(5);
  }, 60_000);

  test("the blog lists 8 posts; an article opens, with no ad box where no ad is placed; an unknown slug shows 'Post Not Found'", async () => {
    const { page } = await site.newPage();
    await page.goto("/blog");
    await seen(page.getByRole("heading", { name: "Latest Updates" }));
    expect(await page.getByRole("link", { name: /^Read More/ }).count()).toBe(8);
    await page.getByRole("link", { name: "Read More about Destination Tags, Explained" }).click();
    await seen(page.getByRole("heading", { name: "Destination Tags, Explained", level: 1 }));
    await seen(page.getByText("The destination tag, a number, tells the exchange whose account to credit.", { exact: false }));
    expect(await page.getByRole("complementary", { name: "Advertisement" }).count()).toBe(0);
    await page.goto("/blog/no-such-post");
    await seen(page.getByRole("heading", { name: "Post Not Found" }));
  }, 60_000);

  test("the FAQ opens and closes with the keyboard", async () => {
    const { page } = await site.newPage();
    await page.goto("/faq");
    for (const category of ["Security & Privacy", "Scam Awareness", "How It Works", "Technical Questions"]) {
      await seen(page.getByRole("heading", { name: category }));
    }
    const question = page.getByRole("button", { name: "How often can I claim?" });
    expect(await question.getAttribute("aria-expanded")).toBe("false");
    await question.focus();
    await page.keyboard.press("Enter");
    await seen(page.getByText("Once every 24 hours per wallet address."));
    expect(await question.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Enter");
    await gone(page.getByText("Once every 24 hours per wallet address."));
  }, 60_000);

  test("at 375 px no public page scrolls sideways", async () => {
    const { page } = await site.newPage({ width: 375, height: 740 });
    for (const path of ["/", "/faucet", "/advertise", "/earn-more", "/faq", "/reviews", "/shopping-rewards", "/blog", "/blog/welcome-to-the-xrp-faucet", "/whitepaper", "/login"]) {
      await page.goto(path);
      await seen(page.getByRole("heading", { level: 1 }));
      await until(async () => (await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, `${path} to fit 375 px`, 5_000);
    }
  }, 90_000);
});
