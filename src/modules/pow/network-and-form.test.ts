// A proof is good only on the network (IP group) and for the form that asked for its challenge.
import { describe, expect, test } from "bun:test";
import { solve } from "../../testing/pow.ts";
import { powApp } from "./pow-fixtures.ts";
import { POW_HEADER } from "./service.ts";

const { t, challenge, ask, refusedWith } = powApp();

describe("a proof is good for the network and the form that asked for it", () => {
  test("a proof fetched from another IP group is refused; another address of the same group may send it", async () => {
    const elsewhere = "The anti-bot check was made on another network. Please try again.";
    // IPv6: the group is the /64 (another /64 of the same /48 is another group)
    const v6 = await solve(await challenge(t, "faucet", "2001:db8:5:1::1"));
    await refusedWith({ [POW_HEADER]: v6 }, elsewhere, "2001:db8:5:2::1");
    await refusedWith({ [POW_HEADER]: v6 }, elsewhere, "2001:db8:6:1::1");
    expect((await ask({ [POW_HEADER]: v6 }, "2001:db8:5:1::99")).status).toBe(201);
    // IPv4 (subnet grouping, the default): the group is the /24
    const v4 = await solve(await challenge(t, "faucet", "198.18.1.1"));
    await refusedWith({ [POW_HEADER]: v4 }, elsewhere, "198.18.2.1");
    expect((await ask({ [POW_HEADER]: v4 }, "198.18.1.2")).status).toBe(201);
  });

  test("a proof for another form is refused, and stays good for its own", async () => {
    const ip = "198.18.3.1";
    const proof = { [POW_HEADER]: await solve(await challenge(t, "review", ip)) };
    await refusedWith(proof, "The anti-bot check was made for another form. Please try again.", ip);
    const review = await t.call("POST", "/api/reviews/submit", {
      body: { name: "Ann", rating: 5, review: "Quick" },
      headers: proof,
      ip,
    });
    expect(review.status).toBe(201);
  });
});
