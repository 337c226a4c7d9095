/**
 * The platform's own base map (ADR 0050): the locations map needs no network and no provider key. It is drawn in
 * Web Mercator world pixels, so a tile and the static picture of an area are windows onto the same drawing and the
 * pins (placed by @dealer/shared/rules map-view) land where their coordinates say. Australia's coast is drawn at
 * country zooms from a coarse outline; closer in, a street pattern stands in for real streets (not a real street map).
 */
import { MAP_TILE_SIZE, type MapView, project } from "@dealer/shared/rules";

const LAND = "#efe9dc";
const WATER = "#a9d3e6";
const STREET = "#ffffff";
const MAIN_ROAD = "#f6d58e";
const PARK = "#cfe8c8";
/** Below this zoom the coast is drawn; at it and above, the view is land with streets. */
const COAST_UNTIL_ZOOM = 8;
const STREETS_FROM_ZOOM = 9;

/** Mainland Australia and Tasmania, clockwise from Cape York, as [lat, long]: about 20 km accurate. */
const AUSTRALIA: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [
    [-10.7, 142.5], [-14.0, 143.6], [-16.9, 145.8], [-19.3, 146.8], [-21.1, 149.2], [-23.8, 151.3], [-25.0, 152.9],
    [-26.6, 153.1], [-28.2, 153.6], [-30.3, 153.1], [-32.9, 151.8], [-33.9, 151.3], [-35.0, 150.8], [-37.5, 150.0],
    [-37.8, 148.0], [-38.9, 146.4], [-38.4, 145.0], [-38.3, 144.6], [-38.8, 143.5], [-38.0, 140.9], [-37.1, 139.8],
    [-35.6, 138.1], [-34.8, 138.5], [-34.2, 138.1], [-35.2, 137.0], [-33.9, 137.6], [-32.5, 137.8], [-34.8, 135.9],
    [-32.2, 133.6], [-31.6, 131.0], [-31.7, 128.9], [-32.3, 126.0], [-33.9, 123.0], [-34.9, 118.0], [-34.4, 115.1],
    [-33.6, 115.0], [-32.0, 115.7], [-29.5, 114.9], [-26.5, 113.3], [-24.9, 113.6], [-22.6, 113.7], [-21.8, 114.1],
    [-20.7, 116.8], [-19.9, 119.0], [-18.0, 122.2], [-16.4, 122.9], [-15.0, 125.0], [-14.0, 126.8], [-15.0, 128.1],
    [-14.8, 129.5], [-12.5, 130.8], [-11.2, 132.3], [-12.0, 133.8], [-11.9, 136.5], [-12.9, 136.7], [-14.5, 135.5],
    [-15.8, 136.7], [-17.4, 139.5], [-17.3, 140.8], [-15.0, 141.5], [-12.5, 141.7],
  ],
  [[-40.7, 144.7], [-41.0, 146.8], [-40.8, 148.3], [-42.2, 148.3], [-43.2, 147.9], [-43.6, 146.8], [-42.2, 145.2]],
];

/** A small deterministic hash: the same street is drawn in every tile that shows it. */
function hash(...parts: number[]): number {
  let h = 2166136261;
  for (const part of parts) h = Math.imul(h ^ (part | 0), 16777619);
  return (h ^ (h >>> 15)) >>> 0;
}

const round = (n: number) => Math.round(n * 10) / 10;

type Window = { zoom: number; left: number; top: number; width: number; height: number };

function coast(window: Window): string {
  const paths = AUSTRALIA.map((ring) => {
    const points = ring.map(([lat, long]) => project({ lat, long }, window.zoom));
    return `M${points.map((p) => `${round(p.x - window.left)} ${round(p.y - window.top)}`).join("L")}Z`;
  });
  return `<rect width="${window.width}" height="${window.height}" fill="${WATER}"/><path d="${paths.join("")}" fill="${LAND}" stroke="#c9c0ad" stroke-width="1"/>`;
}

/** Street lines every `step` world pixels (some left out, some main roads), and parks in some blocks. */
function streets(window: Window): string {
  const step = window.zoom >= 13 ? 64 : 128;
  const width = window.zoom >= 13 ? 6 : 3;
  const shapes: string[] = [];
  const lines = (axis: 0 | 1, from: number, span: number) => {
    const positions: number[] = [];
    for (let k = Math.floor(from / step) - 1; k * step <= from + span + step; k++) {
      const seed = hash(window.zoom, axis, k);
      if (seed % 7 === 0) continue;
      const at = k * step + (seed % (step / 4)) - from;
      positions.push(at);
      const main = seed % 5 === 0;
      const thickness = main ? width * 2 : width;
      shapes.push(
        axis === 0
          ? `<rect x="${round(at - thickness / 2)}" y="0" width="${thickness}" height="${window.height}" fill="${main ? MAIN_ROAD : STREET}"/>`
          : `<rect x="0" y="${round(at - thickness / 2)}" width="${window.width}" height="${thickness}" fill="${main ? MAIN_ROAD : STREET}"/>`,
      );
    }
    return positions;
  };
  if (window.zoom >= 12) {
    // Parks first, under the streets: a block is a park by its world position, so neighbouring tiles agree.
    for (let kx = Math.floor(window.left / step) - 1; kx * step <= window.left + window.width; kx++) {
      for (let ky = Math.floor(window.top / step) - 1; ky * step <= window.top + window.height; ky++) {
        if (hash(window.zoom, kx, ky, 3) % 11 !== 0) continue;
        shapes.push(`<rect x="${kx * step - window.left + 8}" y="${ky * step - window.top + 8}" width="${step - 16}" height="${step - 16}" fill="${PARK}"/>`);
      }
    }
  }
  lines(0, window.left, window.width);
  lines(1, window.top, window.height);
  return `<rect width="${window.width}" height="${window.height}" fill="${LAND}"/>${shapes.join("")}`;
}

function drawWindow(window: Window): string {
  if (window.zoom < COAST_UNTIL_ZOOM) return coast(window);
  if (window.zoom < STREETS_FROM_ZOOM) return `<rect width="${window.width}" height="${window.height}" fill="${LAND}"/>`;
  return streets(window);
}

const svg = (window: Window, outWidth: number, title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${Math.round((outWidth * window.height) / window.width)}" viewBox="0 0 ${window.width} ${window.height}" role="img"><title>${title}</title>${drawWindow(window)}</svg>`;

/** One 256 px tile of the base map (z/x/y as every tiled map names them; checked by the route with isMapTile). */
export function buildMapTile(z: number, x: number, y: number): string {
  return svg({ zoom: z, left: x * MAP_TILE_SIZE, top: y * MAP_TILE_SIZE, width: MAP_TILE_SIZE, height: MAP_TILE_SIZE }, MAP_TILE_SIZE, "Map tile");
}

/** The static picture of a view (600 by 400 map pixels): what the locations map shows before and without its script. */
export function buildMapArea(view: MapView, outWidth: number): string {
  const centre = project(view, view.zoom);
  const size = { width: 600, height: 400 };
  return svg({ zoom: view.zoom, left: centre.x - size.width / 2, top: centre.y - size.height / 2, ...size }, outWidth, "Map of our locations");
}
