import { IMAGE_CDN_PREFIX, vehicleImageUrl } from "./image-url";
import { IMAGE_NOT_FOUND_PATH } from "./site-pictures";

/**
 * A dealer's own photos (issue 30, ADR 0067): what the photo pipeline takes, the words it refuses with, and how a car's
 * stored photo entries point at the platform's copies. Pure: the queue consumer, the stock API and the tests share it.
 */
export const PHOTO_LIMITS = {
  /** Bytes of one photo as fetched or uploaded. */
  maxBytes: 25 * 1024 * 1024,
  /** Pixels a side: a 50,000 px picture (or a decompression bomb claiming it) is refused before it is decoded. */
  maxSide: 12_000,
  /** Pixels a side below which a file is an icon or a tracking pixel, not a photo of a car. */
  minSide: 100,
  perCar: 100,
  /**
   * One photo's whole attempt (fetch, read, check, clean, store): past it the attempt is a failure retried later, so a
   * silent origin, a body that never ends or a stalled image service cannot hold the queue (ADR 0080).
   */
  deadlineMs: 30_000,
  /**
   * One upload request's body (ADR 0075): two photos at the 25 MB limit. Cloudflare refuses bodies over 100 MB (Free
   * and Pro plans) before the Worker runs, and a Worker holds what it parses in its 128 MB, so the platform's own
   * limit sits below both and is answered 413 in its own words.
   */
  maxUploadRequestBytes: 50 * 1024 * 1024,
  /** Files in one upload request. */
  maxUploadFiles: 20,
  /** A photo's alt text (what a screen reader says for it). */
  maxAltText: 250,
} as const;

export type PhotoType = "jpeg" | "png" | "webp" | "avif";
export const PHOTO_MIME: Record<PhotoType, `image/${PhotoType}`> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif" };

/** The file's own bytes decide what it is, never its name or Content-Type. HEIC is named so its refusal can say so. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | "heic" | null {
  const at = (offset: number, text: string) => [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes[0] === 0x89 && at(1, "PNG\r\n\x1a\n")) return "png";
  if (at(0, "RIFF") && at(8, "WEBP")) return "webp";
  if (at(4, "ftyp")) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (brand === "avif" || brand === "avis") return "avif";
    if (["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].includes(brand)) return "heic";
  }
  return null;
}

/**
 * A car's spin and walkaround video by upload (ADR 0080): frames are photos (the same checks), a video is WebM or MP4 by
 * its bytes, kept whole in R2 and served in byte ranges. Up to `maxVideoBytes` a video fits one upload request; up to
 * `maxChunkedVideoBytes` it comes in parts of `videoPartBytes` (R2 multipart, ADR 0084): about four minutes of a phone's
 * 1080p, and a Worker holds one part at a time. A chunked upload not completed within `videoUploadHours` is aborted.
 */
export const MEDIA_LIMITS = {
  minSpinFrames: 4,
  maxSpinFrames: 72,
  maxVideoBytes: 45 * 1024 * 1024,
  maxChunkedVideoBytes: 500 * 1024 * 1024,
  videoPartBytes: 16 * 1024 * 1024,
  videoUploadHours: 24,
} as const;
export type VideoType = "webm" | "mp4";
export const VIDEO_MIME: Record<VideoType, string> = { webm: "video/webm", mp4: "video/mp4" };
const MP4_BRANDS = ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "qt  "];

/** The file's own bytes decide whether it is a video the platform serves: WebM (Matroska/EBML) or MP4 (its ftyp brand). */
export function sniffVideoType(bytes: Uint8Array): VideoType | null {
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  const box = String.fromCharCode(...bytes.subarray(4, 12));
  return box.startsWith("ftyp") && MP4_BRANDS.includes(box.slice(4)) ? "mp4" : null;
}

/** The platform's address of an uploaded video (the gateway's /cdn/video route) and the hash it names. */
export const VIDEO_PATH_PREFIX = "/cdn/video/";
export const videoUrl = (hash: string, type: VideoType) => `${VIDEO_PATH_PREFIX}${hash}.${type}`;

/** The reasons a photo is refused or failed, in the dealer's words (the feed report shows them). */
export const PHOTO_REASONS = {
  notImage: "The file is not a JPEG, PNG, WebP or AVIF image.",
  heic: "HEIC photos are not decoded by the image service here: send JPEG.",
  undecodable: "The image could not be decoded (truncated or damaged file).",
  tooLarge: `The file is over ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB.`,
  tooWide: (width: number, height: number) => `The image is ${width} x ${height} px: at most ${PHOTO_LIMITS.maxSide.toLocaleString("en-AU")} px a side.`,
  tooSmall: (width: number, height: number) => `The image is ${width} x ${height} px: at least ${PHOTO_LIMITS.minSide} px a side.`,
  http: (status: number) => `The photo's address answered HTTP ${status}.`,
  timeout: `The photo was not fetched and stored within ${PHOTO_LIMITS.deadlineMs / 1000} s (a slow or silent address): tried again later.`,
  unreachable: "The photo's address could not be reached.",
  notVideo: "The file is not a WebM or MP4 video.",
  videoTooLarge: `The video is over ${MEDIA_LIMITS.maxVideoBytes / 1024 / 1024} MB: send it in parts (POST …/video/uploads) or send a smaller walkaround.`,
  chunkedVideoTooLarge: `The video is over ${MEDIA_LIMITS.maxChunkedVideoBytes / 1024 / 1024} MB: send a shorter or smaller walkaround.`,
  uploadTooLarge: `The upload is over ${PHOTO_LIMITS.maxUploadRequestBytes / 1024 / 1024} MB a request: send the photos in several requests (each photo at most ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB).`,
} as const;

/**
 * What an EXIF Orientation tag (1 to 8) asks for, read from a JPEG's APP1 segment: a turn clockwise, and for the mirrored
 * orientations (2, 4, 5, 7; scanners and some front cameras) a mirror top to bottom applied before the turn. Every
 * mirrored orientation is that one mirror and a turn: 4 is the mirror alone, 2 the mirror and 180, 5 and 90, 7 and 270.
 * None when there is no tag.
 */
export type ExifOrientation = { rotate: 0 | 90 | 180 | 270; mirror: boolean };

export function exifOrientation(bytes: Uint8Array): ExifOrientation {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    const length = view.getUint16(offset + 2);
    if (marker === 0xda) break; // start of scan: no metadata after it
    if (marker === 0xe1 && offset + 10 <= bytes.length && String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)) === "Exif") {
      return ORIENTATIONS[orientationInTiff(view, offset + 10, offset + 2 + length)] ?? UPRIGHT;
    }
    offset += 2 + length;
  }
  return UPRIGHT;
}

/**
 * A JPEG's sides from its frame header (the first SOF segment), as a decoder reads them; null when the segments end or
 * break before one. Read in the Worker so a JPEG's sides cost no Images call (ADR 0116): `info` would send the whole
 * file through the binding, and each call is a billed transformation.
 */
export function jpegSides(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan or end before any frame header
    const length = view.getUint16(offset + 2);
    // SOF0-15, except DHT (c4), JPG (c8) and DAC (cc), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7 || offset + 9 > bytes.length) return null;
      const height = view.getUint16(offset + 5);
      const width = view.getUint16(offset + 7);
      return width && height ? { width, height } : null;
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

const UPRIGHT: ExifOrientation = { rotate: 0, mirror: false };
const ORIENTATIONS: Record<number, ExifOrientation> = {
  1: UPRIGHT,
  2: { rotate: 180, mirror: true },
  3: { rotate: 180, mirror: false },
  4: { rotate: 0, mirror: true },
  5: { rotate: 90, mirror: true },
  6: { rotate: 90, mirror: false },
  7: { rotate: 270, mirror: true },
  8: { rotate: 270, mirror: false },
};

function orientationInTiff(view: DataView, tiff: number, end: number): number {
  if (tiff + 8 > end || end > view.byteLength) return 1;
  const little = view.getUint16(tiff) === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
  }
  return 1;
}

/** A photo the platform holds: its content hash (the R2 key under the site) and what a page needs before it loads. */
export interface ReadyPhoto {
  hash: string;
  width: number;
  height: number;
  /** The dominant colour, "#rrggbb": the slot's background until the picture arrives. */
  colour: string;
}

/** What the platform knows of a photo URL: held, still being fetched, or failed with its reason. */
export type PhotoState = ({ status: "ready" } & ReadyPhoto) | { status: "pending" } | { status: "failed"; reason: string };

/** One stored photo entry of a car: the spec's shape (URLs of the platform's copy), and for a dealer's photo its source and state. */
export interface StoredPhotoEntry {
  image: { url: string; thumb: { url: string } };
  photo?: { source: string; status: PhotoState["status"]; width?: number; height?: number; colour?: string; alt?: string };
}

export const PHOTO_PATH_PREFIX = "photos/";
const HASH = /^[0-9a-f]{64}$/;
export const isPhotoHash = (value: string) => HASH.test(value);

/** A dealer's photo is an absolute http(s) URL; anything else (the demo's /cdn/image/... pictures) is the platform's own already. */
export const isDealerPhotoUrl = (url: string) => /^https?:\/\//i.test(url);

const THUMB = { width: 200, quality: 60 } as const;

/** A car's stored entry for a dealer's photo URL in the state the platform has it: its copy when held, else the placeholder. */
export function storedPhotoEntry(source: string, state: PhotoState): StoredPhotoEntry {
  const path = state.status === "ready" ? `${PHOTO_PATH_PREFIX}${state.hash}` : IMAGE_NOT_FOUND_PATH;
  const size = state.status === "ready" ? { width: state.width, height: state.height, colour: state.colour } : {};
  return { image: { url: vehicleImageUrl(path), thumb: { url: vehicleImageUrl(path, THUMB) } }, photo: { source, status: state.status, ...size } };
}

/**
 * The address a car's Interior view shows (ADR 0105): the uploaded panorama when there is one, else the feed's value:
 * a dealer's URL as its held copy (the placeholder while it is fetched or when it failed), a platform picture as it is.
 */
export function interiorImageOf(source: string | null | undefined, upload: string | null | undefined, state: PhotoState): string | null {
  if (upload) return upload;
  if (!source) return null;
  return isDealerPhotoUrl(source) ? storedPhotoEntry(source, state).image.url : source;
}

/** An uploaded photo's source (ADR 0075): it has no URL of the dealer's, so it is named by its content. */
export const UPLOAD_SOURCE_PREFIX = "upload:";

/** A car's stored entry for a photo the dealer uploaded, held by the platform. */
export function uploadedPhotoEntry(photo: ReadyPhoto, alt: string | undefined): StoredPhotoEntry {
  const entry = storedPhotoEntry(`${UPLOAD_SOURCE_PREFIX}${photo.hash}`, { status: "ready", ...photo });
  return alt ? { ...entry, photo: { ...entry.photo!, alt } } : entry;
}

const sourceOf = (entry: StoredPhotoEntry) => entry.photo?.source ?? entry.image.url;
export const isUploadSource = (source: string) => source.startsWith(UPLOAD_SOURCE_PREFIX);

/**
 * A feed's photo list with the car's uploaded photos kept (ADR 0080): a feed owns the photos it sends, the dealer's staff
 * own what they uploaded, so an upload the feed does not name stays at its stored position and the feed's photos fill
 * the other places in the feed's order. An upload the feed names (its stored entry sent back) goes where the feed puts
 * it. Past the 100 a car, the feed's last photos give way (`dropped`); only the photos API deletes an upload.
 */
export function keepUploads(sources: string[], stored: StoredPhotoEntry[]): { sources: string[]; dropped: string[] } {
  const named = new Set(sources);
  const uploads = stored.flatMap((entry, index) => {
    const source = sourceOf(entry);
    return isUploadSource(source) && !named.has(source) ? [[index, source] as const] : [];
  });
  if (!uploads.length) return { sources, dropped: [] };
  let room = PHOTO_LIMITS.perCar - uploads.length - sources.filter(isUploadSource).length;
  const merged: string[] = [];
  const dropped: string[] = [];
  for (const source of sources) {
    if (isUploadSource(source) || room-- > 0) merged.push(source);
    else dropped.push(source);
  }
  for (const [index, source] of uploads) merged.splice(Math.min(index, merged.length), 0, source);
  return { sources: merged, dropped };
}

/** The held photo's hash a platform URL names (`/cdn/image/…/photos/{hash}`), or null. */
export function photoHashOf(url: string): string | null {
  const match = new RegExp(`^${IMAGE_CDN_PREFIX}/[^/]*/${PHOTO_PATH_PREFIX}([0-9a-f]{64})$`).exec(url);
  return match?.[1] ?? null;
}

/** Which output format a photo goes out in: the URL's own `format`, else the best the browser's Accept names. */
export function photoOutputType(format: "auto" | PhotoType | undefined, accept: string | undefined): PhotoType {
  if (format && format !== "auto") return format;
  const accepts = accept ?? "";
  if (accepts.includes("image/avif")) return "avif";
  if (accepts.includes("image/webp")) return "webp";
  return "jpeg";
}

/** Retry delay after `attempts` failed fetches: 1, 2, 4 … minutes, at most 6 hours. */
export const photoRetryDelaySeconds = (attempts: number) => Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
