import type { BrandTile } from "@dealer/shared/contract";

/** The spec: a tile links to /{brand}/overview; one with skipPage goes to its own target instead. */
export function brandHref(tile: BrandTile): string {
  if (typeof tile.skipPage === "string" && tile.skipPage.startsWith("/")) return tile.skipPage;
  if (tile.skipPage) return `/${tile.slug}`;
  return `/${tile.slug}/overview`;
}
