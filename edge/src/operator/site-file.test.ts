import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CONFIG_OVERRIDE_MAX_BYTES } from "@dealer/shared/config";
import { tooLongMessage, tooManyMessage } from "@dealer/shared/contract";
import { checkSiteFile, SITE_FILE_LIMITS } from "./site-file";

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

  it("names every string and list past its limit, with the limit in words", () => {
    const dealership = (example.dealerships as Record<string, unknown>[])[0] as Record<string, unknown>;
    const location = (dealership.locations as Record<string, unknown>[])[0] as Record<string, unknown>;
    const long = (max: number) => "x".repeat(max + 1);
    const checked = checkSiteFile({
      ...example,
      name: "x".repeat(100_000),
      domains: Array.from({ length: SITE_FILE_LIMITS.domains + 1 }, (_, i) => `d${i}.example.com.au`),
      dealerships: [{ ...dealership, name: long(SITE_FILE_LIMITS.name), locations: [{ ...location, phone: long(SITE_FILE_LIMITS.phone), holidayHours: [{ date: "2026-12-25", status: "Closed", name: long(SITE_FILE_LIMITS.name) }] }] }],
      brandTiles: [{ title: "Toyota", slug: "toyota", description: long(SITE_FILE_LIMITS.tileDescription) }],
      pages: [{ path: "/about-us", title: "About", body: long(SITE_FILE_LIMITS.pageBody) }],
    });
    expect(checked.site).toBeNull();
    expect(checked.problems).toEqual([
      { path: "name", message: tooLongMessage(SITE_FILE_LIMITS.name) },
      { path: "domains", message: tooManyMessage(SITE_FILE_LIMITS.domains) },
      { path: "dealerships.0.name", message: tooLongMessage(SITE_FILE_LIMITS.name) },
      { path: "dealerships.0.locations.0.phone", message: tooLongMessage(SITE_FILE_LIMITS.phone) },
      { path: "dealerships.0.locations.0.holidayHours.0.name", message: tooLongMessage(SITE_FILE_LIMITS.name) },
      { path: "brandTiles.0.description", message: tooLongMessage(SITE_FILE_LIMITS.tileDescription) },
      { path: "pages.0.body", message: tooLongMessage(SITE_FILE_LIMITS.pageBody) },
    ]);
  });

  it("refuses a config over its size as one problem, before its keys are checked", () => {
    const config = { search: { excludedStockNumbers: Array.from({ length: 2000 }, (_, i) => `STOCK${i}`) } };
    expect(JSON.stringify(config).length).toBeGreaterThan(CONFIG_OVERRIDE_MAX_BYTES);
    const { problems } = checkSiteFile({ ...example, config });
    expect(problems.map((p) => p.path)).toEqual(["config"]);
    expect(problems[0]?.message).toContain(`at most ${CONFIG_OVERRIDE_MAX_BYTES} bytes`);
  });
});
