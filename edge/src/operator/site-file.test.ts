import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { checkSiteFile } from "./site-file";

const example = parse(readFileSync(new URL("../../../examples/sites/seventh-dealer.yaml", import.meta.url), "utf8")) as Record<string, unknown>;

describe("site file", () => {
  it("the example file passes and builds its locations", () => {
    expect(checkSiteFile(example).problems).toEqual([]);
  });

  it("lists every problem by path: unknown field, wrong type, duplicate slug, location without address, bad config", () => {
    const dealership = (example.dealerships as Record<string, unknown>[])[0] as Record<string, unknown>;
    const location = (dealership.locations as Record<string, unknown>[])[0] as Record<string, unknown>;
    const { address: _, ...withoutAddress } = location;
    const bad = {
      ...example,
      colour: "red",
      name: 7,
      dealerships: [{ ...dealership, locations: [withoutAddress] }, dealership],
      config: { theme: { primary: "blue" }, nonsense: true },
    };
    const paths = checkSiteFile(bad).problems.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(["colour", "name", "dealerships.0.locations.0.address"]));
    // Duplicates and config are checked once the shape is right.
    const second = checkSiteFile({ ...example, dealerships: [dealership, dealership], config: { theme: { primary: "blue" }, nonsense: true } });
    const problems = second.problems;
    expect(problems.map((p) => p.path)).toEqual(expect.arrayContaining(["dealerships", "config.theme.primary", "config.nonsense"]));
    expect(problems.find((p) => p.path === "dealerships")?.message).toMatch(/duplicate dealership slug/);
  });

  it("refuses a .localhost domain and a malformed one", () => {
    const checked = checkSiteFile({ ...example, domains: ["seventh-dealer.localhost", "Not A Domain"] });
    expect(checked.problems.map((p) => p.path)).toEqual(["domains.0", "domains.1"]);
  });
});
