import { describe, expect, it } from "vitest";
import { countOf, pluralOf, possessive } from "./words";

describe("possessive", () => {
  it("adds 's to a name, and only an apostrophe to a name ending in s", () => {
    expect(possessive("Summit Auto Group")).toBe("Summit Auto Group's");
    expect(possessive("Harbour City Motors")).toBe("Harbour City Motors'");
    expect(possessive("Ridge Motorcycles")).toBe("Ridge Motorcycles'");
    expect(possessive("Outback Trucks ")).toBe("Outback Trucks'");
    expect(possessive("Metro Certified")).toBe("Metro Certified's");
    expect(possessive("AUTOS")).toBe("AUTOS'");
  });
  it("never writes 's after s, and leaves an empty name empty", () => {
    for (const name of ["Coastal Caravans", "Bus", "Jess", "Harbour City Motors"]) expect(possessive(name)).not.toMatch(/s's$/);
    expect(possessive("")).toBe("");
  });
});

describe("plurals", () => {
  it("pluralises the platform's nouns", () => {
    expect(pluralOf("car")).toBe("cars");
    expect(pluralOf("motorcycle")).toBe("motorcycles");
    expect(pluralOf("caravan")).toBe("caravans");
    expect(pluralOf("truck")).toBe("trucks");
    expect(pluralOf("bus")).toBe("buses");
    expect(pluralOf("accessory")).toBe("accessories");
    expect(pluralOf("day")).toBe("days");
  });
  it("counts with the right number", () => {
    expect(countOf(1, "similar car")).toBe("1 similar car");
    expect(countOf(0, "similar car")).toBe("0 similar cars");
    expect(countOf(1200, "review")).toBe("1,200 reviews");
    expect(countOf(2, "person", "people")).toBe("2 people");
  });
});
