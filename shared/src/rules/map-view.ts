import type { LatLong } from "./locations";

/**
 * The locations map's geometry (Web Mercator, as every tiled web map): where a latitude and longitude fall on
 * the platform's own base map at a zoom, which view fits a site's locations, and how pan and zoom move it.
 * Pure, so the server's static picture, the edge's tiles and the browser's map agree to the pixel.
 */
export const MAP_TILE_SIZE = 256;
export const MAP_MIN_ZOOM = 3;
export const MAP_MAX_ZOOM = 17;
/** One location (or several at one spot) is shown at street level, not at the maximum zoom. */
export const MAP_SINGLE_ZOOM = 14;
/** Mercator's poles are at infinity: latitudes are clamped where the square world map ends. */
const MAX_LATITUDE = 85.05112878;
/** Australia, for a site with no locations yet. */
const AUSTRALIA: MapView = { lat: -27, long: 134, zoom: 4 };

export type MapView = { lat: number; long: number; zoom: number };
export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
/** Room to keep free at each edge (a pin's height at the top, the zoom buttons at the right). */
export type Insets = { top: number; right: number; bottom: number; left: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const clampZoom = (zoom: number) => clamp(Math.round(zoom), MAP_MIN_ZOOM, MAP_MAX_ZOOM);

/** The world's width (and height) in pixels at a zoom. */
export const worldSize = (zoom: number) => MAP_TILE_SIZE * 2 ** zoom;

/** A position in world pixels at a zoom: x grows east from the antimeridian, y south from the top edge. */
export function project(point: LatLong, zoom: number): Point {
  const size = worldSize(zoom);
  const sin = Math.sin((clamp(point.lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  return {
    x: ((point.long + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export function unproject(point: Point, zoom: number): LatLong {
  const size = worldSize(zoom);
  const long = (point.x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * point.y) / size;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), long: ((((long + 180) % 360) + 360) % 360) - 180 };
}

/**
 * The view that shows every point inside a viewport with `padding` pixels to spare (on each side, or per side):
 * the points' bounding box centred in the room left, at the closest whole zoom where it fits (street level for a
 * single spot).
 */
export function fitView(points: readonly LatLong[], viewport: Size, padding: number | Insets = 32): MapView {
  if (points.length === 0) return AUSTRALIA;
  const insets = typeof padding === "number" ? { top: padding, right: padding, bottom: padding, left: padding } : padding;
  const lats = points.map((point) => point.lat);
  const longs = points.map((point) => point.long);
  const north = Math.max(...lats);
  const south = Math.min(...lats);
  const west = Math.min(...longs);
  const east = Math.max(...longs);
  const room = { width: Math.max(1, viewport.width - insets.left - insets.right), height: Math.max(1, viewport.height - insets.top - insets.bottom) };
  let zoom = MAP_SINGLE_ZOOM;
  for (; zoom > MAP_MIN_ZOOM; zoom--) {
    const topLeft = project({ lat: north, long: west }, zoom);
    const bottomRight = project({ lat: south, long: east }, zoom);
    if (bottomRight.x - topLeft.x <= room.width && bottomRight.y - topLeft.y <= room.height) break;
  }
  const near = project({ lat: north, long: west }, zoom);
  const far = project({ lat: south, long: east }, zoom);
  // The box's middle sits in the middle of the room, which is off the viewport's centre by half the insets' difference.
  const shift = { x: (insets.right - insets.left) / 2, y: (insets.bottom - insets.top) / 2 };
  return { ...unproject({ x: (near.x + far.x) / 2 + shift.x, y: (near.y + far.y) / 2 + shift.y }, zoom), zoom };
}

/**
 * Pins whose markers (`box`, in pixels) would overlap share one marker drawn at the group's first member (a cluster),
 * so no marker covers another: each item joins the first group whose first member is that close, else starts its
 * own, and so no two groups' markers overlap. Order is kept, so the result is stable.
 */
export function groupNearby<T>(items: readonly T[], at: (item: T) => Point, box: Size): T[][] {
  const groups: Array<{ anchor: Point; members: T[] }> = [];
  for (const item of items) {
    const point = at(item);
    const group = groups.find((candidate) => Math.abs(candidate.anchor.x - point.x) < box.width && Math.abs(candidate.anchor.y - point.y) < box.height);
    if (group) group.members.push(item);
    else groups.push({ anchor: point, members: [item] });
  }
  return groups.map((group) => group.members);
}

/** Where a point sits in the viewport (pixels from its top-left corner) for a view. */
export function toViewport(point: LatLong, view: MapView, viewport: Size): Point {
  const centre = project(view, view.zoom);
  const at = project(point, view.zoom);
  return { x: at.x - centre.x + viewport.width / 2, y: at.y - centre.y + viewport.height / 2 };
}

/** The view moved by a drag of (dx, dy) pixels: the map follows the pointer, so the centre moves the other way. */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  const centre = project(view, view.zoom);
  const size = worldSize(view.zoom);
  return { ...unproject({ x: centre.x - dx, y: clamp(centre.y - dy, 0, size) }, view.zoom), zoom: view.zoom };
}

/**
 * The view at another zoom that keeps the map under `anchor` (a viewport pixel: the pointer for a wheel or a
 * pinch, the centre for the buttons and keys) where it was.
 */
export function zoomAround(view: MapView, zoom: number, anchor: Point, viewport: Size): MapView {
  const next = clampZoom(zoom);
  if (next === view.zoom) return view;
  const offset = { x: anchor.x - viewport.width / 2, y: anchor.y - viewport.height / 2 };
  const centre = project(view, view.zoom);
  const fixed = unproject({ x: centre.x + offset.x, y: centre.y + offset.y }, view.zoom);
  const fixedAtNext = project(fixed, next);
  return { ...unproject({ x: fixedAtNext.x - offset.x, y: fixedAtNext.y - offset.y }, next), zoom: next };
}

export type MapTile = { z: number; x: number; y: number; left: number; top: number };

/**
 * The base map's tiles that cover a viewport, with where each goes: x wraps round the world (the map repeats
 * east and west); rows above and below the world are left out.
 */
export function visibleTiles(view: MapView, viewport: Size): MapTile[] {
  const centre = project(view, view.zoom);
  const left = centre.x - viewport.width / 2;
  const top = centre.y - viewport.height / 2;
  const count = 2 ** view.zoom;
  const tiles: MapTile[] = [];
  for (let row = Math.floor(top / MAP_TILE_SIZE); row * MAP_TILE_SIZE < top + viewport.height; row++) {
    if (row < 0 || row >= count) continue;
    for (let column = Math.floor(left / MAP_TILE_SIZE); column * MAP_TILE_SIZE < left + viewport.width; column++) {
      tiles.push({ z: view.zoom, x: ((column % count) + count) % count, y: row, left: column * MAP_TILE_SIZE - left, top: row * MAP_TILE_SIZE - top });
    }
  }
  return tiles;
}

/** Whether z/x/y names a tile of the base map (the tile route answers 404 otherwise). */
export const isMapTile = (z: number, x: number, y: number) =>
  Number.isInteger(z) && z >= MAP_MIN_ZOOM && z <= MAP_MAX_ZOOM && [x, y].every((n) => Number.isInteger(n) && n >= 0 && n < 2 ** z);

/**
 * The site's Google Maps key, when its config names Google with one: then its maps load Google's script and its
 * CSP allows Google's hosts; otherwise (the default, or Google without a key) it keeps the platform's own map.
 */
export function googleMapsKey(maps: { provider: string; apiKey: string | null } | undefined): string | null {
  return (maps?.provider === "google" && maps.apiKey?.trim()) || null;
}
