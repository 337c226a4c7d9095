import { defaultSiteConfig } from "@dealer/shared/config";
import { describe, expect, it } from "vitest";
import { matchRoute } from "../routes/slot-plans";
import { firstViewRemotes } from "./stream-page";

const planOf = (path: string) => {
  const match = matchRoute(new URL(path, "https://site.test"), defaultSiteConfig);
  if (!match) throw new Error(`no route for ${path}`);
  return match.plan;
};

describe("firstViewRemotes", () => {
  it("inlines the car page's vehicle and sidebar remotes, not those only below the fold", () => {
    expect([...firstViewRemotes(planOf("/cars/a-car"))].sort()).toEqual(["mf-finance", "mf-forms", "mf-vehicle"]);
  });

  it("inlines the search page's results, not the recently viewed strip far below them", () => {
    expect([...firstViewRemotes(planOf("/search"))]).toEqual(["mf-search"]);
  });
});
