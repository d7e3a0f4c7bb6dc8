// The build's PDF writer: a file a PDF reader opens (header, objects at the offsets the
// cross-reference table gives, trailer), holding the text, on as many pages as it needs.
import { describe, expect, test } from "bun:test";
import { textPdf, wrap } from "./pdf.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("textPdf", () => {
  test("writes a well-formed PDF whose cross-reference offsets point at its objects", () => {
    const pdf = text(textPdf("Whitepaper (draft)", [{ title: "Mission", text: "Free XRP \u2014 paid after review." }]));
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.endsWith("%%EOF\n")).toBe(true);
    const xrefAt = Number(pdf.match(/startxref\n(\d+)\n/)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBe(6);
    for (const [i, offset] of offsets.entries()) expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    expect(pdf).toContain("(Whitepaper \\(draft\\)) Tj");
    expect(pdf).toContain("(Free XRP - paid after review.) Tj");
  });

  test("a long document goes on to more pages", () => {
    const long = Array.from({ length: 12 }, (_, i) => ({ title: `Section ${i}`, text: "word ".repeat(400) }));
    const pdf = text(textPdf("Long", long));
    const pages = Number(pdf.match(/\/Count (\d+)/)![1]);
    expect(pages).toBeGreaterThan(3);
    expect(pdf.match(/\/Type \/Page /g)!.length).toBe(pages);
  });

  test("wraps at spaces within the width", () => {
    expect(wrap("aa bb cc dd", 5)).toEqual(["aa bb", "cc dd"]);
    expect(wrap("  one  ", 10)).toEqual(["one"]);
  });
});
