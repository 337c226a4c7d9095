import { describe, expect, it } from "vitest";
import { placesRating, storedRating } from "./rating-adapter";

const address = { street: "", city: "", state: "", postcode: "", lat: 0, long: 0, place_id: "abc" };

describe("rating adapters", () => {
  it("reads the stored rating, or none", async () => {
    expect(await storedRating({ reviews: { average_rating: 4.6, count: 885 }, address })).toEqual({ average_rating: 4.6, count: 885 });
    expect(await storedRating({ reviews: null, address })).toBeNull();
  });

  it("asks a Places-style service by place id and tolerates failures", async () => {
    const ok = placesRating(async () => "site-key", (async (url: string) => {
      expect(url).toContain("place_id=abc");
      expect(url).toContain("key=site-key");
      return Response.json({ result: { rating: 4.4, user_ratings_total: 120 } });
    }) as typeof fetch);
    expect(await ok({ reviews: null, address })).toEqual({ average_rating: 4.4, count: 120 });
    const broken = placesRating(async () => "key", (async () => Response.json({ nope: true })) as typeof fetch);
    expect(await broken({ reviews: null, address })).toBeNull();
    const noKey = placesRating(async () => {
      throw new Error("the secret slot places-api-key of harbour is not set");
    });
    expect(await noKey({ reviews: null, address })).toBeNull();
    const offline = placesRating(async () => "key", (async () => { throw new Error("offline"); }) as typeof fetch);
    expect(await offline({ reviews: null, address })).toBeNull();
  });
});
