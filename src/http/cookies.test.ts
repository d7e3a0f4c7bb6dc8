// The cookie jar reads a request's Cookie header as browsers write it, and what the answer sets
// reads back as the request's from then on (a device id made for a first visit, a session cleared).
import { expect, test } from "bun:test";
import { cookieJar } from "./cookies.ts";

const ATTRIBUTES = {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: false,
  expires: new Date(Date.UTC(2027, 0, 1)),
} as const;
const jarOf = (cookie?: string) => {
  const sink = { headers: {} as Record<string, unknown> };
  const request = new Request("http://localhost/", { headers: cookie === undefined ? {} : { cookie } });
  return { jar: cookieJar(request, sink), sink };
};

test.each([
  ["device=abc", "device", "abc"],
  ["theme=dark; device=abc; session=s1", "device", "abc"],
  ["theme=dark;device=abc", "device", "abc"],
  ["  device =  abc  ; x=1", "device", "abc"],
  // the first of two cookies of one name wins (the most specific path, as browsers order them)
  ["device=first; device=second", "device", "first"],
  ['device="quoted"', "device", "quoted"],
  ["device=a%20b", "device", "a b"],
  // a value that is not URI-encoded is kept as it is
  ["device=100%", "device", "100%"],
  ["device=a=b", "device", "a=b"],
  ["device=", "device", ""],
  // a name is matched whole, never as a part of another
  ["mydevice=abc; devices=x", "device", undefined],
  ["no equals sign; device", "device", undefined],
  ["", "device", undefined],
])("%p: %s reads %p", (header, name, expected) => {
  expect(jarOf(header).jar.get(name)).toBe(expected);
});

test("without a Cookie header, no cookie", () => {
  expect(jarOf().jar.get("device")).toBeUndefined();
});

test("a cookie the answer sets reads back as set, and goes out as a Set-Cookie line", () => {
  const { jar, sink } = jarOf("session=old; device=abc");
  jar.set("session", "", { ...ATTRIBUTES, expires: new Date(0) });
  jar.set("device", "new-device", ATTRIBUTES);
  expect(jar.get("session")).toBe("");
  expect(jar.get("device")).toBe("new-device");
  expect(sink.headers["set-cookie"]).toEqual([
    "session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax",
    "device=new-device; Path=/; Expires=Fri, 01 Jan 2027 00:00:00 GMT; HttpOnly; SameSite=Lax",
  ]);
});
