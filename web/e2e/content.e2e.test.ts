// The operator's own content in Chromium, at 1280 and 375 px, each screen axe-clean: an admin writes a
// post (Markdown with a script in it, a featured image uploaded from their computer) and publishes it,
// a visitor reads it on /blog (the script shows as text and never runs); the admin places an image ad
// in a slot and a visitor sees it, and no other slot shows a box.
import { afterAll, beforeAll, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { gone, logInAsAdmin, pngFile, seen, type Site, startSite, toasts, until } from "./support.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite();
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

// (a 1x1 PNG, as a file the admin picks)
const PNG = pngFile("banner.png");

async function axe(page: Page): Promise<string[]> {
  await gone(page.getByText("Loading...", { exact: true }));
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// The two widths side by side: each writes its own post and fills its own slot.
for (const [width, slot, slotLabel] of [
  [1280, "leaderboard", "Leaderboard, above posts (728x90)"],
  [375, "rectangle", "Rectangle, under an article (300x250)"],
] as const) {
  test.concurrent(`an admin writes and publishes a post and places an ad; a visitor sees both (${width} px)`, async () => {
    const found: string[] = [];
    const { page: admin } = await site.newPage({ width, height: 900 });
    await logInAsAdmin(admin);
    await admin.goto("/admin/posts");
    await seen(admin.getByRole("heading", { name: "Posts", exact: true }));
    await seen(admin.getByText("Welcome to the XRP Faucet"));
    found.push(...(await axe(admin)));

    const title = `Our own news at ${width} px`;
    await admin.getByRole("link", { name: "Write a post" }).click();
    await admin.getByLabel("Title").fill(title);
    await admin.getByLabel("Excerpt (the blog list and shared links show it)").fill("Written in the back office.");
    await admin.getByLabel("Text (Markdown)").fill("## What is new\n\nThe faucet is **ours** now.\n\n<script>window.pwned = true</script>");
    await admin.getByLabel("Featured image (optional)").setInputFiles(PNG);
    await seen(admin.getByRole("button", { name: "Remove image" }));
    found.push(...(await axe(admin)));
    await admin.getByRole("button", { name: "Publish" }).click();
    await seen(toasts(admin).getByText(`"${title}" is published.`));
    const preview = admin.getByRole("region", { name: "Preview" });
    await seen(preview.getByRole("heading", { name: "What is new" }));
    await seen(preview.getByText("<script>window.pwned = true</script>"));

    await admin.goto("/admin/ads");
    const panel = admin.getByRole("form", { name: slotLabel });
    await seen(panel);
    found.push(...(await axe(admin)));
    await panel.getByLabel(/^Image/).setInputFiles(PNG);
    await seen(panel.getByRole("button", { name: "Remove image" }));
    await panel.getByLabel("Link it opens").fill("https://advertiser.example/offer");
    await panel.getByLabel("What the image says (alt text)").fill(`Advertiser's offer ${width}`);
    await panel.getByRole("button", { name: "Save ad" }).click();
    await seen(toasts(admin).getByText(`The ${slot} slot shows the new ad.`));

    const { page: visitor } = await site.newPage({ width, height: 800 });
    await visitor.goto("/blog");
    await visitor.getByRole("link", { name: `Read More about ${title}` }).click();
    await seen(visitor.getByRole("heading", { name: title, level: 1 }));
    await seen(visitor.getByRole("heading", { name: "What is new", level: 2 }));
    expect(await visitor.getByText("ours", { exact: true }).evaluate((el) => el.tagName)).toBe("STRONG");
    await seen(visitor.getByText("<script>window.pwned = true</script>"));
    expect(await visitor.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
    const ad = visitor.getByRole("complementary", { name: "Advertisement" });
    const link = ad.getByRole("link", { name: `Advertiser's offer ${width}` });
    await seen(link);
    expect(await link.getAttribute("href")).toBe(`/api/ads/${slot}/click`);
    // only the slots an admin filled show anything (the skyscraper, never filled, shows no box)
    expect(await ad.filter({ hasNot: visitor.getByRole("link") }).count()).toBe(0);
    found.push(...(await axe(visitor)));
    expect(found).toEqual([]);
  }, 180_000);
}

// The sidebar's link to the inbox (its name carries the unread count: "Inbox 1 unread")
const inboxLink = (page: Page, nav = "Admin sections") => page.getByRole("navigation", { name: nav }).getByRole("link", { name: /^Inbox/ });
const unreadChip = (page: Page) => page.getByRole("region", { name: "Health at a glance" }).getByRole("link", { name: /unread message/ });

test("the admin names the site and gives a contact address; a visitor on a phone writes through /contact; the message is in the inbox", async () => {
  const found: string[] = [];
  const { page: admin } = await site.newPage({ width: 1280, height: 900 });
  await logInAsAdmin(admin);
  await admin.goto("/admin/site");
  await admin.getByLabel("Site name").fill("Drops by Ada");
  await admin.getByLabel("Contact address (optional)").fill("help@drops.example");
  found.push(...(await axe(admin)));
  await admin.getByRole("button", { name: "Save" }).click();
  await seen(toasts(admin).getByText("Site Updated"));

  const { page: visitor } = await site.newPage({ width: 375, height: 800 });
  await visitor.goto("/contact");
  await seen(visitor.getByRole("banner").getByRole("link", { name: "Drops by Ada" }));
  await seen(visitor.getByRole("link", { name: "help@drops.example" }));
  found.push(...(await axe(visitor)));
  await visitor.getByLabel("Your name").fill("Ada Visitor");
  await visitor.getByLabel("Your email").fill("ada@example.com");
  await visitor.getByLabel("Message").fill("My reset link never came.");
  await visitor.getByRole("button", { name: "Send Message" }).click();
  // (the form's proof of work, solved in this browser)
  await seen(toasts(visitor).getByText("Message Sent"), 45_000);

  await admin.goto("/admin/inbox");
  const message = admin.getByRole("article", { name: "Message from Ada Visitor" });
  await seen(message.getByText("My reset link never came."));
  // waiting: the count beside Inbox and a chip in the health strip
  await until(async () => (await inboxLink(admin).textContent()) === "Inbox1 unread", "the unread count beside Inbox");
  expect(await unreadChip(admin).textContent()).toBe("1 unread message");
  expect(await unreadChip(admin).getAttribute("href")).toBe("/admin/inbox");
  found.push(...(await axe(admin)));
  await message.getByRole("button", { name: "Mark read" }).click();
  await seen(admin.getByText("0 unread"));
  await until(async () => (await inboxLink(admin).textContent()) === "Inbox", "no count beside Inbox");
  await gone(unreadChip(admin));

  // unread again; on a phone the sidebar is a menu: the health strip shows it, the menu's Inbox
  // carries the count, and opening the message reads it
  await message.getByRole("button", { name: "Mark unread" }).click();
  await seen(admin.getByText("1 unread"));
  const { page: phone } = await site.newPage({ width: 375, height: 800 });
  await logInAsAdmin(phone);
  await phone.goto("/admin");
  await seen(unreadChip(phone));
  expect(await unreadChip(phone).textContent()).toBe("1 unread message");
  found.push(...(await axe(phone)));
  await phone.getByRole("button", { name: "Open admin menu" }).click();
  const menuInbox = inboxLink(phone, "Admin sections (menu)");
  await until(async () => (await menuInbox.textContent()) === "Inbox1 unread", "the unread count beside Inbox in the menu");
  found.push(...(await axe(phone)));
  await menuInbox.click();
  const onPhone = phone.getByRole("article", { name: "Message from Ada Visitor" });
  await seen(onPhone.getByText("New", { exact: true }));
  await onPhone.getByRole("button", { name: "Open" }).click();
  expect(await onPhone.getByRole("button", { name: "Close" }).getAttribute("aria-expanded")).toBe("true");
  await seen(phone.getByText("0 unread"));
  await gone(onPhone.getByText("New", { exact: true }));
  await gone(unreadChip(phone));
  found.push(...(await axe(phone)));
  expect(found).toEqual([]);
}, 120_000);
