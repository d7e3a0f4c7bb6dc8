// The server's list of the app's pages (404 for anything else) and the routes of web/src/App.tsx agree.
import { describe, expect, test } from "bun:test";
import { APP_PATHS, isAppPath } from "../shared/routes.ts";

describe("the app's pages", () => {
  test("every route of web/src/App.tsx is in APP_PATHS", async () => {
    const source = await Bun.file(new URL("../../web/src/App.tsx", import.meta.url)).text();
    const routes = [...source.matchAll(/\bpath="([^"]+)"/g)].map((m) => m[1]!).filter((path) => path !== "*");
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(APP_PATHS).toContain(route.startsWith("/") ? route : `/${route}`);
  });

  test.each([
    ["/", true],
    ["/faucet", true],
    ["/faucet/", true],
    ["/blog/some-post", true],
    ["/blog/", true],
    ["/blog/a/b", false],
    ["/faucets", false],
    ["/no-such-page", false],
    ["/admin", true],
    ["/admin/users/7", true],
    ["/administrator", false],
  ])("%s is a page: %p", (path, expected) => {
    expect(isAppPath(path)).toBe(expected);
  });
});
