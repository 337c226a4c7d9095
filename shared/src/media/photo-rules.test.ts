import { describe, expect, it } from "vitest";
import { parseImageParams } from "./image-url";
import { exifOrientation, IMAGE_NOT_FOUND_PATH, interiorImageOf, jpegSides, keepUploads, PHOTO_LIMITS, photoHashOf, photoOutputType, photoRetryDelaySeconds, sniffPhotoType, storedPhotoEntry, uploadedPhotoEntry } from "./index";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : part)));

/** A JPEG's start with an APP1 Exif segment holding one Orientation entry, in either byte order. */
function jpegWithOrientation(orientation: number, little: boolean): Uint8Array {
  const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
  const u32 = (value: number) => (little ? [value & 0xff, (value >> 8) & 0xff, 0, 0] : [0, 0, (value >> 8) & 0xff, value & 0xff]);
  const tiff = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8), ...u16(1), ...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0, ...u32(0)];
  const segment = [...bytes("Exif", [0, 0])].concat(tiff);
  const length = segment.length + 2;
  return bytes([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff], segment, [0xff, 0xda, 0, 2]);
}

describe("photo rules", () => {
  it("tells the type by the bytes, never the name", () => {
    expect(sniffPhotoType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffPhotoType(bytes([0x89], "PNG\r\n\x1a\n"))).toBe("png");
    expect(sniffPhotoType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(sniffPhotoType(bytes([0, 0, 0, 0x1c], "ftypavif"))).toBe("avif");
    expect(sniffPhotoType(bytes([0, 0, 0, 0x18], "ftypheic"))).toBe("heic");
    expect(sniffPhotoType(bytes("<!doctype html>"))).toBeNull();
    expect(sniffPhotoType(bytes("GIF89a"))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });

  it("reads the EXIF orientation in both byte orders as a turn and a mirror, and none from a JPEG without it", () => {
    const upright = { rotate: 0, mirror: false };
    for (const little of [true, false]) {
      expect([1, 3, 6, 8].map((orientation) => exifOrientation(jpegWithOrientation(orientation, little)).rotate)).toEqual([0, 180, 90, 270]);
      expect([1, 3, 6, 8].every((orientation) => !exifOrientation(jpegWithOrientation(orientation, little)).mirror)).toBe(true);
      // Mirrored: a mirror top to bottom, then the turn (the consumer's test checks the pixels against sharp's own reading).
      expect([2, 4, 5, 7].map((orientation) => exifOrientation(jpegWithOrientation(orientation, little)))).toEqual([
        { rotate: 180, mirror: true },
        { rotate: 0, mirror: true },
        { rotate: 90, mirror: true },
        { rotate: 270, mirror: true },
      ]);
    }
    expect(exifOrientation(bytes([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toEqual(upright);
    expect(exifOrientation(jpegWithOrientation(9, true))).toEqual(upright);
    // A truncated segment is read no further than its bytes.
    expect(exifOrientation(jpegWithOrientation(6, true).subarray(0, 20))).toEqual(upright);
  });

  it("reads a JPEG's sides from its frame header after any other segment, and none without one", () => {
    const sof = (marker: number, width: number, height: number) => [0xff, marker, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, ...new Array(9).fill(0)];
    const exif = jpegWithOrientation(6, true);
    const beforeScan = exif.subarray(0, exif.length - 4);
    expect(jpegSides(bytes([...beforeScan], sof(0xc0, 1600, 1067), [0xff, 0xda, 0, 2]))).toEqual({ width: 1600, height: 1067 });
    // Progressive (SOF2), after a Huffman table (DHT, c4, in the SOF range but not one) and fill bytes.
    expect(jpegSides(bytes([0xff, 0xd8, 0xff, 0xc4, 0, 4, 0, 0, 0xff], sof(0xc2, 50_000, 300)))).toEqual({ width: 50_000, height: 300 });
    expect(jpegSides(bytes([0xff, 0xd8, 0xff, 0xda, 0, 2], sof(0xc0, 10, 10)))).toBeNull();
    expect(jpegSides(bytes([0xff, 0xd8], sof(0xc0, 0, 10)))).toBeNull();
    expect(jpegSides(bytes([0xff, 0xd8], sof(0xc0, 1600, 1067)).subarray(0, 8))).toBeNull();
    expect(jpegSides(beforeScan)).toBeNull();
  });

  it("points a held photo at its copy and any other at the placeholder, keeping the dealer's URL", () => {
    const hash = "a".repeat(64);
    const ready = storedPhotoEntry("https://photos.example/1.jpg", { status: "ready", hash, width: 1200, height: 900, colour: "#102030" });
    expect(photoHashOf(ready.image.url)).toBe(hash);
    expect(ready.photo).toEqual({ source: "https://photos.example/1.jpg", status: "ready", width: 1200, height: 900, colour: "#102030" });
    const failed = storedPhotoEntry("https://photos.example/2.jpg", { status: "failed", reason: "HTTP 404" });
    expect(failed.image.url.endsWith(IMAGE_NOT_FOUND_PATH)).toBe(true);
    expect(failed.photo).toEqual({ source: "https://photos.example/2.jpg", status: "failed" });
  });

  it("answers AVIF, then WebP, by Accept, else JPEG; a URL's own format wins", () => {
    expect(photoOutputType(undefined, "image/avif,image/webp,*/*")).toBe("avif");
    expect(photoOutputType("auto", "image/webp,*/*")).toBe("webp");
    expect(photoOutputType(undefined, "*/*")).toBe("jpeg");
    expect(photoOutputType(undefined, undefined)).toBe("jpeg");
    expect(photoOutputType("webp", "image/avif")).toBe("webp");
  });

  it("takes format as an image parameter, once, of the known ones", () => {
    expect(parseImageParams("width=640,quality=75,format=avif")).toEqual({ ok: true, params: { width: 640, quality: 75, format: "avif" } });
    expect(parseImageParams("width=640,quality=75,format=gif").ok).toBe(false);
    expect(parseImageParams("width=640,quality=75,format=webp,format=avif").ok).toBe(false);
  });

  it("backs off 1, 2, 4 … minutes to at most 6 hours", () => {
    expect([1, 2, 3, 4].map(photoRetryDelaySeconds)).toEqual([60, 120, 240, 480]);
    expect(photoRetryDelaySeconds(20)).toBe(6 * 3600);
  });
});

describe("a feed's photos beside a car's uploads (ADR 0080)", () => {
  const upload = (n: number) => uploadedPhotoEntry({ hash: String(n).padStart(64, "0"), width: 800, height: 600, colour: "#102030" }, undefined);
  const source = (n: number) => `upload:${String(n).padStart(64, "0")}`;
  const fed = (n: number) => storedPhotoEntry(`https://photos.example/${n}.jpg`, { status: "pending" });
  const feed = (...ns: number[]) => ns.map((n) => `https://photos.example/new-${n}.jpg`);

  it("keeps each upload the feed does not name at its stored position, the feed's photos around it in order", () => {
    const stored = [upload(1), fed(1), fed(2), upload(2)];
    expect(keepUploads(feed(1, 2, 3, 4), stored)).toEqual({ sources: [source(1), ...feed(1, 2), source(2), ...feed(3, 4)], dropped: [] });
  });

  it("puts an upload the feed names where the feed puts it, once", () => {
    const stored = [upload(1), fed(1), upload(2)];
    // Upload 1 named second; upload 2, not named, back at its stored third place.
    expect(keepUploads([...feed(1), source(1)], stored).sources).toEqual([...feed(1), source(1), source(2)]);
  });

  it("changes nothing for a car without uploads, whatever the feed sends", () => {
    expect(keepUploads(feed(1, 2), [fed(1)])).toEqual({ sources: feed(1, 2), dropped: [] });
    expect(keepUploads([], [])).toEqual({ sources: [], dropped: [] });
  });

  it("keeps uploads when the feed sends no photos at all", () => {
    expect(keepUploads([], [fed(1), upload(1), upload(2)]).sources).toEqual([source(1), source(2)]);
  });

  it("past the limit a car takes, drops the feed's last photos, never an upload", () => {
    const full = feed(...Array.from({ length: PHOTO_LIMITS.perCar }, (_, n) => n));
    const kept = keepUploads(full, [upload(1), upload(2)]);
    expect(kept.sources).toHaveLength(PHOTO_LIMITS.perCar);
    expect(kept.sources.slice(0, 2)).toEqual([source(1), source(2)]);
    expect(kept.dropped).toEqual(full.slice(-2));
  });
});

describe("interiorImageOf", () => {
  const hash = "c".repeat(64);
  const ready = { status: "ready" as const, hash, width: 2400, height: 800, colour: "#202020" };
  it("shows the upload over the feed, the feed's held copy or the placeholder, a platform picture as it is, or nothing", () => {
    const upload = `/cdn/image/width=640,quality=75/photos/${"d".repeat(64)}`;
    expect(interiorImageOf("https://photos.example/interior.jpg", upload, ready)).toBe(upload);
    expect(interiorImageOf("https://photos.example/interior.jpg", null, ready)).toBe(`/cdn/image/width=640,quality=75/photos/${hash}`);
    expect(interiorImageOf("https://photos.example/interior.jpg", null, { status: "pending" })).toContain(IMAGE_NOT_FOUND_PATH);
    expect(interiorImageOf("https://photos.example/interior.jpg", null, { status: "failed", reason: "HTTP 404" })).toContain(IMAGE_NOT_FOUND_PATH);
    expect(interiorImageOf("/cdn/image/width=640/vehicles/suv/blue/interior.svg", null, { status: "pending" })).toBe("/cdn/image/width=640/vehicles/suv/blue/interior.svg");
    expect(interiorImageOf(null, null, { status: "pending" })).toBeNull();
  });
});
