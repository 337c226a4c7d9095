import { defaultSiteConfig } from "@dealer/shared/config";
import { describe, expect, it } from "vitest";
import { matchRoute } from "../routes/slot-plans";
import { anonymousSession } from "@dealer/shared/atoms";
import { firstViewRemotes, fragmentRequestFor } from "./stream-page";

const matchOf = (path: string) => {
  const match = matchRoute(new URL(path, "https://site.test"), defaultSiteConfig);
  if (!match) throw new Error(`no route for ${path}`);
  return match;
};
const planOf = (path: string) => matchOf(path).plan;

/** Every slot's fragment request of a page, as the gateway sends it (and keeps its markup under). */
const requestsOf = (path: string) => {
  const { plan, params } = matchOf(path);
  const state = { site: { slug: "demo", name: "Demo" }, config: defaultSiteConfig, session: anonymousSession } as unknown as Parameters<typeof fragmentRequestFor>[0];
  return Object.fromEntries(plan.slots.map((slot) => [`${slot.slot}:${slot.params?.kind ?? ""}`, fragmentRequestFor(state, slot, { path, origin: "https://site.test" }, params)]));
};

describe("firstViewRemotes", () => {
  it("inlines the car page's vehicle and sidebar remotes, not those only below the fold", () => {
    expect([...firstViewRemotes(planOf("/cars/a-car"))].sort()).toEqual(["mf-finance", "mf-forms", "mf-vehicle"]);
  });

  it("inlines the search page's results, not the recently viewed strip far below them", () => {
    expect([...firstViewRemotes(planOf("/search"))]).toEqual(["mf-search"]);
  });
});

describe("fragmentRequestFor (ADR 0114)", () => {
  it("sends a car page's slots the same request whatever tracking parameters the address carries", () => {
    expect(requestsOf("/cars/a-car?utm_source=newsletter&gclid=abc123&fbclid=xyz&page=2")).toEqual(requestsOf("/cars/a-car"));
  });

  it("sends a car page's slot the path without its query and the params it reads alone, with its plan's own", () => {
    const requests = requestsOf("/cars/a-car?utm_source=ad&drive_away_state=VIC&drive_away_postcode=3000&vehiclePriceBudget=25000");
    expect(requests["vehicle:"]).toMatchObject({ path: "/cars/a-car", params: { slug: "a-car", drive_away_state: "VIC", drive_away_postcode: "3000" } });
    expect(Object.keys(requests["vehicle:"]?.params ?? {})).toEqual(["slug", "drive_away_state", "drive_away_postcode"]);
    // The drive-away state is a calculator figure too, which the enquiry form's load reads with a finance link's.
    expect(requests["enquiry:enquiry"]?.params).toEqual({ slug: "a-car", vehiclePriceBudget: "25000", drive_away_state: "VIC", kind: "enquiry" });
    expect(requests["similar:"]?.params).toEqual({ slug: "a-car" });
  });

  it("changes only the slots that read a parameter", () => {
    const plain = requestsOf("/cars/a-car");
    const changedBy = (query: string) => {
      const asked = requestsOf(`/cars/a-car?${query}`);
      return Object.keys(plain).filter((slot) => JSON.stringify(plain[slot]) !== JSON.stringify(asked[slot]));
    };
    expect(changedBy("drive_away_postcode=3000")).toEqual(["vehicle:"]);
    expect(changedBy("preferredDealership=north")).toEqual(["calculator:", "photo-request:photo_request", "enquiry:enquiry", "enquiry:test_drive"]);
    expect(changedBy("utm_source=ad&gclid=1")).toEqual([]);
  });

  it("sends a slot that says nothing of what it reads the address as typed (the search's own key, ADR 0113)", () => {
    expect(requestsOf("/search?make=Toyota&utm_source=ad")["search:"]).toMatchObject({ path: "/search?make=Toyota&utm_source=ad", params: { make: "Toyota", utm_source: "ad" } });
  });
});
