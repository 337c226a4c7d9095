import { describe, expect, it } from "vitest";
import { brandHref } from "./brand-href";

describe("brandHref", () => {
  it("links a brand to its overview page", () => {
    expect(brandHref({ title: "Toyota", slug: "toyota" })).toBe("/toyota/overview");
  });

  it("sends a skipPage tile to its own target", () => {
    expect(brandHref({ title: "TWG Cars", slug: "twg-cars", skipPage: true })).toBe("/twg-cars");
    expect(brandHref({ title: "Finance", slug: "finance", skipPage: "/finance-and-insurance" })).toBe(
      "/finance-and-insurance",
    );
  });
});
