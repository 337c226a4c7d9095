import { describe, expect, it } from "vitest";
import { textPdf, wrapLines } from "./pdf";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("textPdf", () => {
  it("writes a PDF whose xref points at each object", () => {
    const pdf = text(textPdf(["2021 Toyota Corolla (Ascent)", "$24,990"]));
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf).toContain("(2021 Toyota Corolla \\(Ascent\\)) '");
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(3);
    for (const [index, offset] of offsets.entries()) expect(pdf.slice(offset)).toMatch(new RegExp(`^${index + 1} 0 obj`));
  });

  it("wraps long lines, keeps gaps, drops what Helvetica cannot show and adds pages as needed", () => {
    expect(wrapLines(["one two three", "", "émoji 🚗 – ok"], 8)).toEqual(["one two", "three", "", "emoji -", "ok"]);
    const pdf = text(textPdf(Array.from({ length: 120 }, (_, i) => `Line ${i}`)));
    expect(pdf).toContain("/Count 3");
  });
});
