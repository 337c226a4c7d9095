import {
  SPIN_FRAME_COUNT,
  VEHICLE_IMAGE_COLOURS,
  type VehicleImageAngle,
  type VehicleImageBody,
  type VehicleImageColour,
} from "@dealer/shared/media";
import { FRONT_PROFILES, GROUND, SIDE_PROFILES, type SideProfile } from "./silhouettes";

/** Every picture is drawn on a 600x400 canvas (the gallery's 3:2 size) and scaled to the asked width. */
const CANVAS = { width: 600, height: 400 };
const CENTRE = CANVAS.width / 2;
const TYRE = "#202226";
const GLASS = "#2b3a4a";

export interface PictureOptions {
  body: VehicleImageBody;
  colour: VehicleImageColour;
  width: number;
  /** Below 50 the picture drops its shading; SVG has no other notion of quality. */
  quality: number;
  /** false: no studio backdrop (transparent), for the demo photos' renderer to put the picture on its own. */
  backdrop?: boolean;
}

/** A colour moved toward black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) => Math.round(c + (target - c) * Math.abs(amount)).toString(16).padStart(2, "0"))
    .join("")}`;
}

const points = (list: [number, number][]) => list.map(([x, y]) => `${x},${y}`).join(" ");

function svgDocument(options: PictureOptions, title: string, content: string): string {
  const paint = VEHICLE_IMAGE_COLOURS[options.colour];
  const height = Math.round((options.width * CANVAS.height) / CANVAS.width);
  const shaded = options.quality >= 50;
  const defs = shaded
    ? `<defs><linearGradient id="studio" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f8fa"/><stop offset="1" stop-color="#d9dde3"/></linearGradient>` +
      `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(paint, 0.25)}"/><stop offset="1" stop-color="${shade(paint, -0.25)}"/></linearGradient></defs>`
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${options.width}" height="${height}" viewBox="0 0 ${CANVAS.width} ${CANVAS.height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>${defs}` +
    (options.backdrop === false ? "" : `<rect width="${CANVAS.width}" height="${CANVAS.height}" fill="${shaded ? "url(#studio)" : "#eceef1"}"/>`) +
    content.replaceAll("PAINT", shaded ? "url(#paint)" : paint).replaceAll("EDGE", shade(paint, -0.45)) +
    "</svg>"
  );
}

function wheelsSvg(profile: SideProfile): string {
  return profile.wheels
    .map(({ x, r }) => `<circle cx="${x}" cy="${GROUND - r}" r="${r}" fill="${TYRE}"/><circle cx="${x}" cy="${GROUND - r}" r="${r * 0.55}" fill="#9aa1a9"/><circle cx="${x}" cy="${GROUND - r}" r="${r * 0.15}" fill="#5b6169"/>`)
    .join("");
}

function floorShadow(width: number): string {
  return `<ellipse cx="${CENTRE}" cy="${GROUND + 4}" rx="${width / 2}" ry="12" fill="#000" opacity="0.18"/>`;
}

function motorcycleSide(): string {
  return (
    floorShadow(420) +
    `<circle cx="160" cy="240" r="68" fill="none" stroke="${TYRE}" stroke-width="18"/><circle cx="440" cy="240" r="68" fill="none" stroke="${TYRE}" stroke-width="18"/>` +
    `<circle cx="160" cy="240" r="10" fill="#5b6169"/><circle cx="440" cy="240" r="10" fill="#5b6169"/>` +
    `<path d="M440 240 L390 120 M160 240 L250 190 L360 190 L390 150" fill="none" stroke="#4a4f57" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M250 150 Q300 110 370 130 L380 170 L270 185 Z" fill="PAINT" stroke="EDGE" stroke-width="3"/>` +
    `<path d="M180 160 L270 150 L270 170 L190 175 Z" fill="#1d1f22"/>` +
    `<path d="M380 110 L410 100 M390 120 L420 135" stroke="#1d1f22" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="280" y="195" width="70" height="40" rx="8" fill="#6b7079"/>` +
    `<path d="M150 150 Q130 165 110 190" stroke="PAINT" stroke-width="14" fill="none"/>`
  );
}

function sideView(body: VehicleImageBody): string {
  if (body === "motorcycle") return motorcycleSide();
  const profile = SIDE_PROFILES[body];
  const xs = profile.body.map(([x]) => x);
  return (
    floorShadow(Math.max(...xs) - Math.min(...xs) + 20) +
    `<polygon points="${points(profile.body)}" fill="PAINT" stroke="EDGE" stroke-width="3" stroke-linejoin="round"/>` +
    profile.windows.map((w) => `<polygon points="${points(w)}" fill="${GLASS}" opacity="0.9"/>`).join("") +
    (profile.details ? `<path d="${profile.details}" fill="none" stroke="EDGE" stroke-width="3"/>` : "") +
    wheelsSvg(profile)
  );
}

/**
 * A caravan from an end (issue 33): no headlights, grille or bonnet. The front is its window over the A-frame drawbar
 * with the gas bottles, jockey wheel and hitch; the rear its window, spare wheel, tail lamps, bumper and plate.
 */
function caravanEnd(rear: boolean): string {
  const p = FRONT_PROFILES.caravan;
  const left = CENTRE - p.width / 2;
  const top = GROUND - p.wheelHeight - p.height;
  const bottom = GROUND - p.wheelHeight;
  const tyres =
    `<rect x="${left + 20}" y="${bottom - 6}" width="40" height="${p.wheelHeight + 6}" rx="6" fill="${TYRE}"/>` +
    `<rect x="${left + p.width - 60}" y="${bottom - 6}" width="40" height="${p.wheelHeight + 6}" rx="6" fill="${TYRE}"/>`;
  const shell =
    `<path d="M${left} ${bottom} L${left} ${top + 24} Q${left} ${top} ${left + 24} ${top} L${left + p.width - 24} ${top} Q${left + p.width} ${top} ${left + p.width} ${top + 24} L${left + p.width} ${bottom} Z" fill="PAINT" stroke="EDGE" stroke-width="3" stroke-linejoin="round"/>` +
    `<rect x="${CENTRE - 90}" y="${top + 34}" width="180" height="60" rx="8" fill="${GLASS}" opacity="0.9"/>` +
    `<path d="M${left} ${top + 130} L${left + p.width} ${top + 130}" stroke="EDGE" stroke-width="3"/>`;
  if (rear) {
    return (
      floorShadow(p.width + 30) +
      tyres +
      shell +
      `<circle cx="${CENTRE}" cy="${top + 150}" r="26" fill="${TYRE}"/><circle cx="${CENTRE}" cy="${top + 150}" r="12" fill="#9aa1a9"/>` +
      `<rect x="${left + 14}" y="${bottom - 34}" width="36" height="20" rx="3" fill="#c4161c" stroke="EDGE" stroke-width="2"/>` +
      `<rect x="${left + p.width - 50}" y="${bottom - 34}" width="36" height="20" rx="3" fill="#c4161c" stroke="EDGE" stroke-width="2"/>` +
      `<rect x="${left - 6}" y="${bottom - 8}" width="${p.width + 12}" height="12" rx="3" fill="#4a4f57"/>` +
      `<rect x="${CENTRE - 40}" y="${bottom - 36}" width="80" height="20" rx="2" fill="#fdfdfd" stroke="#333" stroke-width="1.5"/>`
    );
  }
  const hitch = GROUND - 8;
  return (
    floorShadow(p.width + 30) +
    tyres +
    shell +
    `<path d="M${left + 70} ${bottom} L${CENTRE} ${hitch} L${left + p.width - 70} ${bottom}" fill="none" stroke="#4a4f57" stroke-width="10" stroke-linejoin="round"/>` +
    `<rect x="${CENTRE - 52}" y="${bottom - 58}" width="40" height="56" rx="14" fill="#e8e9eb" stroke="#6b7079" stroke-width="3"/>` +
    `<rect x="${CENTRE + 12}" y="${bottom - 58}" width="40" height="56" rx="14" fill="#e8e9eb" stroke="#6b7079" stroke-width="3"/>` +
    `<rect x="${CENTRE - 60}" y="${bottom + 2}" width="8" height="${hitch - bottom - 6}" fill="#6b7079"/><circle cx="${CENTRE - 56}" cy="${hitch - 2}" r="8" fill="${TYRE}"/>` +
    `<circle cx="${CENTRE}" cy="${hitch}" r="9" fill="${TYRE}"/>`
  );
}

function endView(body: VehicleImageBody, rear: boolean): string {
  if (body === "caravan") return caravanEnd(rear);
  const p = FRONT_PROFILES[body];
  const left = CENTRE - p.width / 2;
  const top = GROUND - p.wheelHeight - p.height;
  const glassTop = top + p.height * p.glassTop;
  const glassBottom = top + p.height * p.glassBottom;
  const lamp = rear ? "#c4161c" : "#fff6d5";
  if (body === "motorcycle") {
    return (
      floorShadow(120) +
      `<rect x="${CENTRE - 18}" y="200" width="36" height="110" rx="16" fill="${TYRE}"/>` +
      `<path d="M${CENTRE - 110} 120 L${CENTRE + 110} 120" stroke="#1d1f22" stroke-width="10" stroke-linecap="round"/>` +
      `<path d="M${CENTRE - 45} 130 L${CENTRE + 45} 130 L${CENTRE + 30} 230 L${CENTRE - 30} 230 Z" fill="PAINT" stroke="EDGE" stroke-width="3"/>` +
      `<circle cx="${CENTRE}" cy="160" r="22" fill="${lamp}" stroke="EDGE" stroke-width="3"/>`
    );
  }
  const inset = p.width * 0.12;
  return (
    floorShadow(p.width + 30) +
    `<rect x="${left + 10}" y="${GROUND - p.wheelHeight - 10}" width="46" height="${p.wheelHeight + 10}" rx="6" fill="${TYRE}"/>` +
    `<rect x="${left + p.width - 56}" y="${GROUND - p.wheelHeight - 10}" width="46" height="${p.wheelHeight + 10}" rx="6" fill="${TYRE}"/>` +
    `<path d="M${left} ${glassBottom} L${left + inset} ${top} L${left + p.width - inset} ${top} L${left + p.width} ${glassBottom} L${left + p.width} ${GROUND - p.wheelHeight} L${left} ${GROUND - p.wheelHeight} Z" fill="PAINT" stroke="EDGE" stroke-width="3" stroke-linejoin="round"/>` +
    (p.glassBottom > p.glassTop
      ? `<path d="M${left + inset + 8} ${glassTop + 6} L${left + p.width - inset - 8} ${glassTop + 6} L${left + p.width - 18} ${glassBottom - 4} L${left + 18} ${glassBottom - 4} Z" fill="${GLASS}" opacity="0.9"/>`
      : "") +
    `<rect x="${left + 16}" y="${glassBottom + 14}" width="${p.width * 0.2}" height="18" rx="6" fill="${lamp}" stroke="EDGE" stroke-width="2"/>` +
    `<rect x="${left + p.width - 16 - p.width * 0.2}" y="${glassBottom + 14}" width="${p.width * 0.2}" height="18" rx="6" fill="${lamp}" stroke="EDGE" stroke-width="2"/>` +
    (rear ? "" : `<rect x="${CENTRE - p.width * 0.18}" y="${glassBottom + 40}" width="${p.width * 0.36}" height="26" rx="5" fill="#2a2d31"/>`) +
    `<rect x="${CENTRE - 40}" y="${GROUND - p.wheelHeight - 34}" width="80" height="20" rx="2" fill="#fdfdfd" stroke="#333" stroke-width="1.5"/>`
  );
}

function threeQuarterView(body: VehicleImageBody): string {
  return `<g transform="translate(50 20) matrix(0.86 -0.06 0 1 0 0)">${sideView(body)}</g>`;
}

function interiorView(body: VehicleImageBody): string {
  if (body === "caravan") {
    return (
      `<rect x="0" y="260" width="600" height="140" fill="#b99b72"/>` +
      `<rect x="60" y="170" width="260" height="100" rx="10" fill="#f2efe8" stroke="#8a7a66" stroke-width="3"/>` +
      `<rect x="70" y="150" width="80" height="30" rx="8" fill="PAINT"/><rect x="230" y="150" width="80" height="30" rx="8" fill="PAINT"/>` +
      `<rect x="360" y="60" width="200" height="80" fill="#8a6440" stroke="#5b4128" stroke-width="3"/>` +
      `<rect x="360" y="180" width="200" height="90" fill="#8a6440" stroke="#5b4128" stroke-width="3"/>` +
      `<rect x="80" y="50" width="220" height="80" rx="6" fill="#cfe3f2" stroke="#777" stroke-width="3"/>`
    );
  }
  return (
    `<rect x="0" y="0" width="600" height="170" fill="#cfe3f2"/>` +
    `<path d="M0 170 Q300 120 600 170 L600 400 L0 400 Z" fill="#2b2d31"/>` +
    `<rect x="250" y="190" width="100" height="60" rx="6" fill="#0e1a2b" stroke="PAINT" stroke-width="4"/>` +
    `<circle cx="150" cy="270" r="70" fill="none" stroke="#17181b" stroke-width="18"/><circle cx="150" cy="270" r="18" fill="EDGE"/>` +
    `<path d="M40 400 Q60 300 120 330 L200 400 Z M400 400 Q470 300 540 330 L580 400 Z" fill="PAINT" opacity="0.85"/>`
  );
}

function dashView(): string {
  const gauge = (cx: number) =>
    `<circle cx="${cx}" cy="210" r="80" fill="#0f1114" stroke="#6b7079" stroke-width="6"/>` +
    `<path d="M${cx} 210 L${cx + 50} ${170}" stroke="#e0582b" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="210" r="8" fill="#9aa1a9"/>`;
  return (
    `<rect width="600" height="400" fill="#1b1c1f"/>` +
    `<path d="M0 110 Q300 60 600 110 L600 130 Q300 80 0 130 Z" fill="EDGE"/>` +
    gauge(160) +
    gauge(440) +
    `<rect x="250" y="170" width="100" height="80" rx="8" fill="#10243d" stroke="PAINT" stroke-width="3"/>` +
    `<rect x="262" y="185" width="76" height="10" rx="3" fill="#3aa0ff"/><rect x="262" y="205" width="50" height="10" rx="3" fill="#3aa0ff" opacity="0.6"/>`
  );
}

const VIEWS: Record<VehicleImageAngle, (body: VehicleImageBody) => string> = {
  front: (body) => endView(body, false),
  rear: (body) => endView(body, true),
  side: sideView,
  "three-quarter": threeQuarterView,
  interior: (body) => (body === "motorcycle" ? dashView() : interiorView(body)),
  // A caravan has no dashboard: its inside is the view.
  dash: (body) => (body === "caravan" ? interiorView(body) : dashView()),
};

const label = (text: string) => text.replaceAll("-", " ");

export function buildVehiclePicture(options: PictureOptions & { angle: VehicleImageAngle }): string {
  return svgDocument(options, `${options.colour} ${options.body}, ${label(options.angle)} view`, VIEWS[options.angle](options.body));
}

/**
 * One frame of a 360 spin: frame 0 faces the camera, a quarter turn shows the side. The nearer
 * view (end or side) is drawn squeezed by how far it has turned away.
 */
export function buildSpinFrame(options: PictureOptions & { frame: number }): string {
  const angle = (options.frame / SPIN_FRAME_COUNT) * 2 * Math.PI;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const sideOn = Math.abs(sin) >= Math.abs(cos);
  const squeeze = Math.max(sideOn ? Math.abs(sin) : Math.abs(cos), 0.45).toFixed(3);
  const mirror = sideOn && sin < 0 ? -1 : 1;
  const view = sideOn ? sideView(options.body) : endView(options.body, cos < 0);
  const content = `<g transform="translate(${CENTRE} 0) scale(${mirror * Number(squeeze)} 1) translate(${-CENTRE} 0)">${view}</g>`;
  return svgDocument(options, `${options.colour} ${options.body}, spin frame ${options.frame + 1} of ${SPIN_FRAME_COUNT}`, content);
}
