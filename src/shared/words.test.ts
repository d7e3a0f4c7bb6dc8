import { expect, test } from "bun:test";
import { plural } from "./words.ts";

test.each([
  [1, "address", "1 address"],
  [2, "address", "2 addresses"],
  [0, "address", "0 addresses"],
  [1, "request", "1 request"],
  [2, "request", "2 requests"],
  [0, "uploaded image", "0 uploaded images"],
  [3, "other account", "3 other accounts"],
  [2, "rejected request", "2 rejected requests"],
])("plural(%d, %j) = %j", (n, word, text) => expect(plural(n, word)).toBe(text));
