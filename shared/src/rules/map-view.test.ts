import { describe, expect, it } from "vitest";
import { clampZoom, fitView, googleMapsKey, groupNearby, isMapTile, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_SINGLE_ZOOM, panBy, project, toViewport, unproject, visibleTiles, worldSize, zoomAround } from "./map-view";

const viewport = { width: 600, height: 400 };
const sydney = { lat: -33.8688, long: 151.2093 };
const perth = { lat: -31.9523, long: 115.8613 };
const parramatta = { lat: -33.815, long: 151.0011 };

describe("project and unproject (Web Mercator)", () => {
  it("puts 0,0 in the middle of the world and the antimeridian at its edges", () => {
    expect(project({ lat: 0, long: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ lat: 0, long: -180 }, 1).x).toBe(0);
    expect(project({ lat: 0, long: 180 }, 1).x).toBe(512);
  });
  it("matches the published tile of a known place (Sydney at zoom 10 is tile 942/614)", () => {
    const at = project(sydney, 10);
    expect([Math.floor(at.x / 256), Math.floor(at.y / 256)]).toEqual([942, 614]);
  });
  it("round-trips a point to a millionth of a degree, and clamps the poles onto the square map", () => {
    const back = unproject(project(perth, 15), 15);
    expect(back.lat).toBeCloseTo(perth.lat, 6);
    expect(back.long).toBeCloseTo(perth.long, 6);
    expect(project({ lat: 90, long: 0 }, 2).y).toBeCloseTo(0, 3);
    expect(project({ lat: -90, long: 0 }, 2).y).toBeCloseTo(worldSize(2), 3);
  });
});

describe("fitView (the bounds rule)", () => {
  it("shows one location at street level, centred on it", () => {
    const view = fitView([sydney], viewport);
    expect(view.zoom).toBe(MAP_SINGLE_ZOOM);
    expect(view.lat).toBeCloseTo(sydney.lat, 6);
    expect(view.long).toBeCloseTo(sydney.long, 6);
  });
  it("picks the closest zoom where every location is inside the padded viewport, and no closer", () => {
    const points = [sydney, parramatta, perth];
    const view = fitView(points, viewport, 32);
    for (const point of points) {
      const at = toViewport(point, view, viewport);
      expect(at.x).toBeGreaterThanOrEqual(31.5);
      expect(at.x).toBeLessThanOrEqual(viewport.width - 31.5);
      expect(at.y).toBeGreaterThanOrEqual(31.5);
      expect(at.y).toBeLessThanOrEqual(viewport.height - 31.5);
    }
    const closer = { ...view, zoom: view.zoom + 1 };
    const outside = points.map((point) => toViewport(point, closer, viewport)).some((at) => at.x < 32 || at.x > viewport.width - 32 || at.y < 32 || at.y > viewport.height - 32);
    expect(outside).toBe(true);
  });
  it("keeps per-side insets free (a pin's height above, the zoom buttons at the right)", () => {
    const insets = { top: 40, right: 64, bottom: 8, left: 16 };
    const view = fitView([sydney, parramatta, perth], viewport, insets);
    const xs = [sydney, parramatta, perth].map((point) => toViewport(point, view, viewport));
    expect(Math.min(...xs.map((at) => at.x))).toBeGreaterThanOrEqual(insets.left - 0.5);
    expect(Math.max(...xs.map((at) => at.x))).toBeLessThanOrEqual(viewport.width - insets.right + 0.5);
    expect(Math.min(...xs.map((at) => at.y))).toBeGreaterThanOrEqual(insets.top - 0.5);
    expect(Math.max(...xs.map((at) => at.y))).toBeLessThanOrEqual(viewport.height - insets.bottom + 0.5);
    // Centred in the room: equal space left and right of the box inside the insets.
    const spareLeft = Math.min(...xs.map((at) => at.x)) - insets.left;
    const spareRight = viewport.width - insets.right - Math.max(...xs.map((at) => at.x));
    expect(spareLeft).toBeCloseTo(spareRight, 3);
  });
  it("two suburbs of one city fit at city zoom; Perth and Sydney at continent zoom", () => {
    expect(fitView([sydney, parramatta], viewport).zoom).toBe(11);
    expect(fitView([sydney, perth], viewport).zoom).toBe(4);
  });
  it("shows Australia when a site has no locations, and never goes below the minimum zoom", () => {
    expect(fitView([], viewport)).toEqual({ lat: -27, long: 134, zoom: 4 });
    expect(fitView([{ lat: 60, long: -170 }, { lat: -60, long: 170 }], viewport).zoom).toBe(MAP_MIN_ZOOM);
  });
});

describe("pan and zoom", () => {
  it("a drag moves the map with the pointer: the point under it stays under it", () => {
    const view = { ...sydney, zoom: 12 };
    const before = toViewport(parramatta, view, viewport);
    const after = toViewport(parramatta, panBy(view, 40, -25), viewport);
    expect(after.x).toBeCloseTo(before.x + 40, 6);
    expect(after.y).toBeCloseTo(before.y - 25, 6);
  });
  it("zooming about a pixel keeps the place under that pixel; the buttons zoom about the centre", () => {
    const view = { ...sydney, zoom: 10 };
    const anchor = toViewport(parramatta, view, viewport);
    const zoomed = zoomAround(view, 11, anchor, viewport);
    expect(zoomed.zoom).toBe(11);
    const again = toViewport(parramatta, zoomed, viewport);
    expect(again.x).toBeCloseTo(anchor.x, 6);
    expect(again.y).toBeCloseTo(anchor.y, 6);
    const centred = zoomAround(view, 9, { x: 300, y: 200 }, viewport);
    expect(centred.lat).toBeCloseTo(sydney.lat, 6);
    expect(centred.long).toBeCloseTo(sydney.long, 6);
  });
  it("zoom stays whole and within the map's range", () => {
    expect(clampZoom(2.4)).toBe(MAP_MIN_ZOOM);
    expect(clampZoom(40)).toBe(MAP_MAX_ZOOM);
    const top = { ...sydney, zoom: MAP_MAX_ZOOM };
    expect(zoomAround(top, MAP_MAX_ZOOM + 1, { x: 0, y: 0 }, viewport)).toBe(top);
  });
});

describe("groupNearby (pins that would hide each other share a marker)", () => {
  const at = (point: { x: number; y: number }) => point;
  it("groups points whose boxes would overlap a group's first point's, keeps the rest apart, in order", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 20, y: 10 };
    const c = { x: 100, y: 0 };
    const d = { x: 35, y: 0 };
    expect(groupNearby([a, b, c, d], at, { width: 36, height: 36 })).toEqual([[a, b, d], [c]]);
    expect(groupNearby([a, b, c, d], at, { width: 10, height: 36 })).toEqual([[a], [b], [c], [d]]);
    expect(groupNearby([], at, { width: 36, height: 36 })).toEqual([]);
  });
  it("Sydney and Parramatta share a marker at country zoom and have their own at city zoom", () => {
    const place = (zoom: number) => (point: { lat: number; long: number }) => project(point, zoom);
    expect(groupNearby([sydney, parramatta, perth], place(4), { width: 36, height: 36 })).toHaveLength(2);
    expect(groupNearby([sydney, parramatta, perth], place(11), { width: 36, height: 36 })).toHaveLength(3);
  });
});

describe("visibleTiles", () => {
  it("covers the viewport exactly with 256 px tiles placed relative to it", () => {
    const tiles = visibleTiles({ ...sydney, zoom: 10 }, viewport);
    const centre = project(sydney, 10);
    expect(tiles.some((tile) => tile.x === Math.floor(centre.x / 256) && tile.y === Math.floor(centre.y / 256))).toBe(true);
    for (const tile of tiles) {
      expect(tile.left).toBeGreaterThan(-256);
      expect(tile.left).toBeLessThan(viewport.width);
      expect(tile.top).toBeGreaterThan(-256);
      expect(tile.top).toBeLessThan(viewport.height);
    }
    const covered = new Set(tiles.map((tile) => `${tile.left},${tile.top}`));
    expect(covered.size).toBe(tiles.length);
    expect(tiles.length).toBeGreaterThanOrEqual(6);
    expect(tiles.length).toBeLessThanOrEqual(12);
  });
  it("wraps columns round the antimeridian and leaves out rows beyond the poles", () => {
    const tiles = visibleTiles({ lat: 84, long: 179.9, zoom: 3 }, viewport);
    expect(tiles.every((tile) => tile.x >= 0 && tile.x < 8 && tile.y >= 0 && tile.y < 8)).toBe(true);
    expect(tiles.some((tile) => tile.x === 0)).toBe(true);
    expect(tiles.some((tile) => tile.x === 7)).toBe(true);
  });
  it("isMapTile accepts only tiles inside the world at a zoom the map offers", () => {
    expect(isMapTile(3, 7, 7)).toBe(true);
    expect(isMapTile(3, 8, 0)).toBe(false);
    expect(isMapTile(2, 0, 0)).toBe(false);
    expect(isMapTile(MAP_MAX_ZOOM + 1, 0, 0)).toBe(false);
    expect(isMapTile(4, -1, 0)).toBe(false);
    expect(isMapTile(4, 1.5, 0)).toBe(false);
  });
});

describe("googleMapsKey", () => {
  it("is the key only where the site names Google with a non-blank key", () => {
    expect(googleMapsKey({ provider: "google", apiKey: " AIza-demo " })).toBe("AIza-demo");
    expect(googleMapsKey({ provider: "google", apiKey: "  " })).toBeNull();
    expect(googleMapsKey({ provider: "google", apiKey: null })).toBeNull();
    expect(googleMapsKey({ provider: "static", apiKey: "AIza-demo" })).toBeNull();
    expect(googleMapsKey(undefined)).toBeNull();
  });
});
