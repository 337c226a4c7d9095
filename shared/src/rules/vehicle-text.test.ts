import { describe, expect, it } from "vitest";
import {
  collapsedList, dealerCommentParagraphs, maskPhone, regoExpiryText, truncateText, visibleSpecRows,
} from "./vehicle-text";

const now = new Date("2025-06-10T02:00:00Z");

describe("vehicle page text", () => {
  it("rego expiry", () => {
    expect(regoExpiryText("2026-03-12", now, false)).toBe("Expires on 12/03/2026");
    expect(regoExpiryText("2025-01-01", now, true)).toBe("Unregistered");
    expect(regoExpiryText("2025-01-01", now, false)).toBeNull();
    expect(regoExpiryText(null, now, true)).toBeNull();
  });
  it("spec rows drop empty, null and 'null'", () => {
    const rows = [{ label: "Seats", value: 5 }, { label: "Doors", value: null }, { label: "Colour", value: "" }, { label: "Badge", value: "null" }, { label: "Km", value: 0 }];
    expect(visibleSpecRows(rows).map((r) => r.label)).toEqual(["Seats", "Km"]);
  });
  it("dealer comments split on '|' and the pending text", () => {
    expect(dealerCommentParagraphs("One owner| Full service history |")).toEqual({ paragraphs: ["One owner", "Full service history"], pending: false });
    expect(dealerCommentParagraphs("")).toEqual({ paragraphs: ["Dealer comments are pending. Please check back here later."], pending: true });
  });
  it("phone masking shows the first 5 characters", () => {
    expect(maskPhone("07 3123 4567")).toBe("07 31*******");
    expect(maskPhone("123")).toBe("123");
  });
  it("truncation at 400", () => {
    expect(truncateText("a".repeat(400), 400)).toEqual({ text: "a".repeat(400), truncated: false });
    expect(truncateText("a".repeat(401), 400)).toEqual({ text: `${"a".repeat(400)}...`, truncated: true });
  });
  it("collapsed lists", () => {
    expect(collapsedList([1, 2, 3, 4, 5], 4, false)).toEqual({ visible: [1, 2, 3, 4], hasToggle: true });
    expect(collapsedList([1, 2, 3, 4, 5, 6, 7, 8], 8, false).hasToggle).toBe(false);
  });
});
