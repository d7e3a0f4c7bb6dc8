// The app's page carries its first render's public reads and whether a session cookie came
// (http/page-data.ts; web/src/api/page-data.ts reads it), over real HTTP.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type SignedInSite, signedInSite } from "../testing/signed-in.ts";

let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

const DATA = /<script type="application\/json" id="page-data">([^<]*)<\/script>/;
const pageData = (html: string) => {
  const json = DATA.exec(html)?.[1];
  if (json === undefined) throw new Error(`no page data in ${html}`);
  return JSON.parse(json) as { session: boolean; reads: Record<string, unknown> };
};

describe("the page's data", () => {
  test("the site's name (as the admin saved it) and the home page's reads come in the page, each as its API answers it", async () => {
    // (a name that would end a script early, were it not escaped)
    const name = "Drops</script><script>alert(1)</script>";
    expect((await s.admin.request("PUT", "/api/admin/site", { body: { name } })).status).toBe(200);
    const page = await s.anonymous.get("/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).not.toContain("<script>alert(1)");
    const data = pageData(page.text);
    expect(data.session).toBe(false);
    expect(Object.keys(data.reads)).toEqual([
      "/api/site",
      "/api/faucet/status",
      "/api/stats/payouts",
      "/api/stats/recent-payouts",
      "/api/reviews",
    ]);
    expect((data.reads["/api/site"] as { name: string }).name).toBe(name);
    for (const path of Object.keys(data.reads)) expect(data.reads[path]).toEqual((await s.anonymous.get(path)).json);
  });

  test("other pages carry the header's and the badge's reads (and /reviews its list); an unknown page too, with its 404", async () => {
    expect(Object.keys(pageData((await s.anonymous.get("/faucet")).text).reads)).toEqual([
      "/api/site",
      "/api/faucet/status",
    ]);
    expect(Object.keys(pageData((await s.anonymous.get("/reviews")).text).reads)).toEqual([
      "/api/site",
      "/api/faucet/status",
      "/api/reviews",
    ]);
    const missing = await s.anonymous.get("/no-such-page");
    expect(missing.status).toBe(404);
    expect(Object.keys(pageData(missing.text).reads)).toEqual(["/api/site", "/api/faucet/status"]);
  });

  test("a signed-in visitor's page says a session cookie came (the app then asks GET /api/user); it holds nothing of theirs", async () => {
    const page = await s.member.get("/dashboard");
    const data = pageData(page.text);
    expect(data.session).toBe(true);
    expect(page.text).not.toContain("member");
  });

  test("the page is gzipped for a browser that takes it", async () => {
    const page = await fetch(`${s.url}/`, { headers: { "accept-encoding": "gzip" }, decompress: false });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(Bun.gunzipSync(new Uint8Array(await page.arrayBuffer())).byteLength).toBeGreaterThan(0);
  });
});
