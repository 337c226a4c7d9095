import { brandLogoUrl, certifiedBadgeUrl, imageNotFoundUrl, mapAreaUrl, mapTileUrl, staticMapUrl } from "@dealer/shared/media";
import { describe, expect, it } from "vitest";
import { createImageRoutes } from "./image-routes";

const app = createImageRoutes();
const get = (url: string) => app.request(url.replace(/^\/cdn/, ""));

describe("site pictures", () => {
  it("draws the same map for the same location, another for another", async () => {
    const first = await get(staticMapUrl(-27.4457, 153.0464));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    const text = await first.text();
    expect(text).toMatch(/^<svg [^>]*width="600" height="400"/);
    expect(await (await get(staticMapUrl(-27.4457, 153.0464))).text()).toBe(text);
    expect(await (await get(staticMapUrl(-33.8222, 151.0033))).text()).not.toBe(text);
  });

  it("serves brand logos and the image-not-found picture", async () => {
    expect(await (await get(brandLogoUrl("toyota"))).text()).toContain("Toyota");
    expect(await (await get(imageNotFoundUrl())).text()).toContain("Image not found");
  });

  it("serves the certified-used badge, self-hosted and titled", async () => {
    const badge = await get(certifiedBadgeUrl());
    expect(badge.status).toBe(200);
    expect(badge.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(await badge.text()).toMatch(/<title[^>]*>Certified pre-owned<\/title>/);
  });

  it("serves the base map's tiles and the static picture of a view, the same drawing at the same place (ADR 0050)", async () => {
    const tile = await get(mapTileUrl(10, 942, 614));
    expect(tile.status).toBe(200);
    expect(tile.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    const text = await tile.text();
    expect(text).toMatch(/^<svg [^>]*width="256" height="256"/);
    expect(await (await get(mapTileUrl(10, 942, 614))).text()).toBe(text);
    expect(await (await get(mapTileUrl(10, 943, 614))).text()).not.toBe(text);
    // At country zooms the coast is drawn: water and land.
    expect(await (await get(mapTileUrl(4, 14, 9))).text()).toContain("<path d=\"M");
    const area = await get(mapAreaUrl({ lat: -33.8688, long: 151.2093, zoom: 11 }, 1200));
    expect(area.status).toBe(200);
    expect(await area.text()).toMatch(/^<svg [^>]*width="1200" height="800" viewBox="0 0 600 400"/);
  });

  it.each([
    "/image/width=256,quality=75/site/map-tiles/2/0/0.svg",
    "/image/width=256,quality=75/site/map-tiles/4/16/0.svg",
    "/image/width=256,quality=75/site/map-tiles/4/1/-1.svg",
    "/image/width=256,quality=75/site/map-tiles/99/1/1.svg",
    "/image/width=600,quality=75/site/map-area/12/-95/151.svg",
    "/image/width=600,quality=75/site/map-area/x/-33/151.svg",
    "/image/width=600,quality=75/site/maps/abc/153.0464.svg",
    "/image/width=600,quality=75/site/maps/-91/153.svg",
    "/image/width=600,quality=75/site/maps/-27/153.png",
    "/image/width=600,quality=75/site/brands/Bad%20Slug.svg",
    "/image/width=600,quality=75/site/banners/..svg",
  ])("answers 404 to an unknown picture: %s", async (path) => {
    expect((await app.request(path)).status).toBe(404);
  });

  it("answers 400 to bad params", async () => {
    expect((await app.request("/image/width=9999,quality=75/site/brands/toyota.svg")).status).toBe(400);
  });
});
