// The reply link carries one address and the subject it sets, whatever the stored address holds.
import { expect, test } from "bun:test";
import { mailtoHref } from "./mailto";

test("an address, and the subject", () => {
  expect(mailtoHref("ada@example.com")).toBe("mailto:ada@example.com");
  expect(mailtoHref("ada@example.com", "Re: your message")).toBe(
    "mailto:ada@example.com?subject=Re%3A%20your%20message",
  );
  expect(mailtoHref("O'Brien+faucet@mail.example")).toBe("mailto:O'Brien%2Bfaucet@mail.example");
});

test("an address with a link's parts in it adds no recipient, subject or body", () => {
  const href = mailtoHref(
    "victim@example.com?cc=boss@evil.example&bcc=all@evil.example&body=Click",
    "Re: your message",
  );
  expect(href).toBe(
    "mailto:victim%40example.com%3Fcc%3Dboss%40evil.example%26bcc%3Dall@evil.example%26body%3DClick?subject=Re%3A%20your%20message",
  );
  const query = new URL(href).search;
  expect([...new URLSearchParams(query).keys()]).toEqual(["subject"]);
  expect(new URL(mailtoHref("victim@example.com#x")).hash).toBe("");
});
