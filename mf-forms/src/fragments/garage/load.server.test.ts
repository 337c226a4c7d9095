import { describe, expect, it } from "vitest";
import { searchLabel } from "./load.server";

describe("saved search labels", () => {
  it("names the text, refinements and ranges of a /search query", () => {
    expect(searchLabel("query=ranger&refinementList%5Bmake%5D%5B0%5D=Ford&range%5Bprice%5D=%3A40000&page=2")).toBe('"ranger", Ford, price up to 40000');
    expect(searchLabel("range%5Bkm%5D=1000%3A5000")).toBe("km from 1000 up to 5000");
    expect(searchLabel("tow_capacity=3500&refinementList%5Bmake%5D%5B0%5D=Jayco")).toBe("ATM up to 3,500 kg, Jayco");
    expect(searchLabel("")).toBe("All stock");
  });
});
