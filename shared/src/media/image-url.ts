/**
 * Where the gateway serves images, and the shape of their URLs: {prefix}/width=W,quality=Q[,format=F]/{asset path}.
 * `format` (auto, avif, webp, jpeg, png) applies to raster photos; without it, or with auto, the browser's Accept decides.
 */
export const IMAGE_CDN_PREFIX = "/cdn/image";
export const DEFAULT_IMAGE_WIDTH = 640;
export const DEFAULT_IMAGE_QUALITY = 75;
export const IMAGE_WIDTH_RANGE = { min: 16, max: 2000 } as const;
export const IMAGE_QUALITY_RANGE = { min: 1, max: 100 } as const;

export const IMAGE_FORMATS = ["auto", "avif", "webp", "jpeg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ImageParams {
  width: number;
  quality: number;
  format?: ImageFormat;
}

const CDN_URL = /^\/cdn\/image\/[^/]*\/(.+)$/;

/** The asset path inside a CDN URL, or the input itself when it is already an asset path. */
export function imageAssetPath(pathOrUrl: string): string {
  const match = CDN_URL.exec(pathOrUrl);
  return match?.[1] ?? pathOrUrl.replace(/^\/+/, "");
}

/** A CDN URL for an asset path (or another CDN URL, whose params are replaced). */
export function vehicleImageUrl(pathOrUrl: string, params: Partial<ImageParams> = {}): string {
  const width = params.width ?? DEFAULT_IMAGE_WIDTH;
  const quality = params.quality ?? DEFAULT_IMAGE_QUALITY;
  return `${IMAGE_CDN_PREFIX}/width=${width},quality=${quality}/${imageAssetPath(pathOrUrl)}`;
}

/** A srcset string with one candidate per width, e.g. for <img srcSet>. */
export function imageSrcSet(pathOrUrl: string, widths: readonly number[], quality = DEFAULT_IMAGE_QUALITY): string {
  return widths.map((width) => `${vehicleImageUrl(pathOrUrl, { width, quality })} ${width}w`).join(", ");
}

export type ImageParamsResult = { ok: true; params: ImageParams } | { ok: false; error: string };

function inRange(value: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}

const isFormat = (value: string): value is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(value);

/** Parse the "width=640,quality=75[,format=webp]" URL segment; width and quality required, each key once, integers in range. */
export function parseImageParams(segment: string): ImageParamsResult {
  const values = new Map<string, number>();
  let format: ImageFormat | undefined;
  for (const part of segment.split(",")) {
    const [key, raw, extra] = part.split("=");
    if (key === "format" && raw !== undefined && extra === undefined && isFormat(raw) && format === undefined) {
      format = raw;
      continue;
    }
    if (!key || raw === undefined || extra !== undefined || !/^\d+$/.test(raw) || values.has(key)) {
      return { ok: false, error: `Invalid image parameter "${part}"` };
    }
    values.set(key, Number(raw));
  }
  const unknown = [...values.keys()].filter((key) => key !== "width" && key !== "quality");
  if (unknown.length) return { ok: false, error: `Unknown image parameter "${unknown[0]}"` };
  const width = values.get("width");
  const quality = values.get("quality");
  if (width === undefined || !inRange(width, IMAGE_WIDTH_RANGE)) {
    return { ok: false, error: `width must be an integer from ${IMAGE_WIDTH_RANGE.min} to ${IMAGE_WIDTH_RANGE.max}` };
  }
  if (quality === undefined || !inRange(quality, IMAGE_QUALITY_RANGE)) {
    return { ok: false, error: `quality must be an integer from ${IMAGE_QUALITY_RANGE.min} to ${IMAGE_QUALITY_RANGE.max}` };
  }
  return { ok: true, params: { width, quality, ...(format ? { format } : {}) } };
}
