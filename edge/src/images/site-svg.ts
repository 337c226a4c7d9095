/** Server-drawn site pictures: location maps, brand logos, banners and the image-not-found picture. */
import type { BannerHeight } from "@dealer/shared/media";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function svgAt(width: number, canvas: { width: number; height: number }, title: string, content: string): string {
  const height = Math.round((width * canvas.height) / canvas.width);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${canvas.width} ${canvas.height}" role="img"><title>${escapeXml(title)}</title>${content}</svg>`;
}

/** A small deterministic hash, so the same input always draws the same picture. */
function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * A street-map-like picture around a point: a block grid and a main road whose layout follows the
 * coordinates, with the pin in the centre. Not a real map: it needs no network and no key.
 */
export function buildMapPicture(lat: number, long: number, width: number): string {
  const canvas = { width: 600, height: 400 };
  const seed = hash(`${lat.toFixed(4)},${long.toFixed(4)}`);
  const step = 60 + (seed % 30);
  const offsetX = seed % step;
  const offsetY = (seed >>> 8) % step;
  const streets: string[] = [];
  for (let x = offsetX; x < canvas.width; x += step) streets.push(`<rect x="${x}" y="0" width="8" height="400" fill="#ffffff"/>`);
  for (let y = offsetY; y < canvas.height; y += step) streets.push(`<rect x="0" y="${y}" width="600" height="8" fill="#ffffff"/>`);
  const angle = (seed >>> 16) % 60 - 30;
  const park = `<rect x="${(seed >>> 4) % 400}" y="${(seed >>> 12) % 250}" width="${step - 12}" height="${step - 12}" fill="#cfe8c8"/>`;
  const road = `<rect x="-100" y="190" width="800" height="18" fill="#f6d58e" transform="rotate(${angle} 300 200)"/>`;
  const pin = '<path d="M300 200c-16-22-26-36-26-50a26 26 0 0 1 52 0c0 14-10 28-26 50z" fill="#c8102e" stroke="#7a0a1c" stroke-width="2"/><circle cx="300" cy="150" r="9" fill="#fff"/>';
  return svgAt(width, canvas, `Map of the area around ${lat.toFixed(4)}, ${long.toFixed(4)}`, `<rect width="600" height="400" fill="#e8e4da"/>${park}${streets.join("")}${road}${pin}`);
}

const TINTS = ["#1c2b4a", "#0b5e7e", "#2e7d32", "#5d4037", "#006d77", "#6a1b9a", "#c8102e", "#37474f"];

const titleFromSlug = (slug: string) =>
  slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/** A brand's logo: its name in a rounded badge. */
export function buildBrandLogo(slug: string, width: number): string {
  const tint = TINTS[hash(slug) % TINTS.length];
  const name = escapeXml(titleFromSlug(slug));
  return svgAt(width, { width: 320, height: 160 }, `${titleFromSlug(slug)} logo`,
    `<rect width="320" height="160" fill="#ffffff"/><rect x="16" y="32" width="288" height="96" rx="48" fill="${tint}"/><text x="160" y="92" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" fill="#ffffff" text-anchor="middle">${name}</text>`);
}

/**
 * A demo dealer's logo for its header: an emblem with the dealer's initials beside its name, in white, drawn for a
 * header on the brand colour (a dealer's own logo is any https or site URL in theme.logoUrl).
 */
export function buildSiteLogo(slug: string, width: number): string {
  const name = titleFromSlug(slug);
  const initials = escapeXml(name.split(" ").map((word) => word[0] ?? "").join("").slice(0, 2).toUpperCase());
  const wide = 64 + name.length * 19;
  return svgAt(width, { width: wide, height: 48 }, `${name} logo`,
    `<rect x="2" y="2" width="44" height="44" rx="10" fill="none" stroke="#ffffff" stroke-width="3"/><text x="24" y="32" font-family="Arial,Helvetica,sans-serif" font-size="19" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text><text x="58" y="33" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" letter-spacing="0.5" fill="#ffffff">${escapeXml(name)}</text>`);
}

/** A 1920-wide banner (540 high, the promotions slider size, or a taller variant) with a title. */
export function buildBanner(slug: string, width: number, height: BannerHeight = 540): string {
  const tint = TINTS[hash(slug) % TINTS.length];
  const middle = height / 2;
  return svgAt(width, { width: 1920, height }, titleFromSlug(slug),
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs><rect width="1920" height="${height}" fill="url(#g)"/><circle cx="1560" cy="${middle}" r="${middle + 30}" fill="#ffffff" opacity="0.08"/><text x="120" y="${middle + 30}" font-family="Arial,Helvetica,sans-serif" font-size="96" font-weight="700" fill="#ffffff">${escapeXml(titleFromSlug(slug))}</text>`);
}

export function buildImageNotFound(width: number): string {
  return svgAt(width, { width: 320, height: 160 }, "Image not found",
    '<rect width="320" height="160" fill="#f3f4f6"/><rect x="120" y="40" width="80" height="60" rx="6" fill="none" stroke="#9ca3af" stroke-width="4"/><path d="M128 92l20-24 16 16 12-10 16 18z" fill="#9ca3af"/><text x="160" y="132" font-family="Arial,Helvetica,sans-serif" font-size="18" fill="#6b7280" text-anchor="middle">Image not found</text>');
}

/** The certified-used badge: a blue ribbon seal with a tick and CERTIFIED PRE-OWNED, legible at 80 px wide. */
export function buildCertifiedBadge(width: number): string {
  return svgAt(width, { width: 160, height: 48 }, "Certified pre-owned",
    '<rect width="160" height="48" rx="8" fill="#1d4ed8"/><circle cx="24" cy="24" r="15" fill="#fff"/><path d="M16 24l6 6 11-12" fill="none" stroke="#1d4ed8" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><text x="100" y="21" font-family="Arial,Helvetica,sans-serif" font-size="15" font-weight="700" fill="#fff" text-anchor="middle">CERTIFIED</text><text x="100" y="38" font-family="Arial,Helvetica,sans-serif" font-size="11" fill="#fff" text-anchor="middle">PRE-OWNED</text>');
}
