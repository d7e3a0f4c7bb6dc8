// The app's page carries its first render's public reads, whether a session cookie came and its
// language's catalogs (http/page-data.ts; web/src/api/page-data.ts reads it), over real HTTP.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import english from "../shared/locales/en/index.ts";
import { compileCatalog } from "../modules/i18n/compile.ts";
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
  return JSON.parse(json) as {
    session: boolean;
    reads: Record<string, unknown>;
    catalogs: { files: Record<string, string>; messages: Record<string, unknown> };
  };
};

// A catalog as the build compiles it (src/shared/locales/<language>/<namespace>.json).
const compiled = async (language: string, namespace: string) =>
  compileCatalog(await Bun.file(`${import.meta.dir}/../shared/locales/${language}/${namespace}.json`).json());

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

  test("a page carries its language's catalogs: the frame's and its first screen's messages, and every catalog's file", async () => {
    const japanese = pageData((await s.anonymous.get("/ja/")).text).catalogs;
    expect(Object.keys(japanese.messages)).toEqual(["common", "home", "claim", "signups", "reviews"]);
    for (const namespace of Object.keys(japanese.messages))
      expect(japanese.messages[namespace]).toEqual(await compiled("ja", namespace));
    // (the server's own catalog is not the app's)
    expect(Object.keys(japanese.files).sort()).toEqual(Object.keys(english).sort());
    for (const file of Object.values(japanese.files))
      expect(file).toMatch(/^\/assets\/catalogs\/ja-\w+-[0-9a-f]+\.json$/);
    // a later screen's file: the compiled catalog, kept a year
    const faq = await s.anonymous.get(japanese.files.faq!);
    expect(faq.status).toBe(200);
    expect(faq.headers.get("cache-control")).toContain("immutable");
    expect(faq.json).toEqual(await compiled("ja", "faq"));

    const inEnglish = pageData((await s.anonymous.get("/faq")).text).catalogs;
    expect(Object.keys(inEnglish.messages)).toEqual(["common", "faq"]);
    expect(inEnglish.messages.faq).toEqual(await compiled("en", "faq"));
    for (const file of Object.values(inEnglish.files)) expect(file).toStartWith("/assets/catalogs/en-");
    // the back office in English whatever the browser's; the pseudo-language's are the English ones
    const admin = await s.anonymous.get("/admin", { headers: { "accept-language": "ko" } });
    expect(Object.keys(pageData(admin.text).catalogs.messages)).toEqual(["common", "settings", "faucet", "claim"]);
    expect(pageData(admin.text).catalogs.files).toEqual(inEnglish.files);
    expect(pageData((await s.anonymous.get("/en-XA/faq")).text).catalogs).toEqual(inEnglish);
  });
});
