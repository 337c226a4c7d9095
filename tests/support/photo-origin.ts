import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import { DESKTOP } from "./pages";
import { fetchSite, launchChromium, siteUrl, waitForHydration } from "./platform";
import { stockApi } from "./stock-api";

/**
 * A dealer's photo server for the photo pipeline's tests (ADR 0067), on 127.0.0.1 (which LOCAL_DEV lets the platform
 * fetch as named, never through a redirect). Each photo is a fresh random picture, so no earlier run's copy is reused;
 * the phone-style ones carry EXIF Orientation 6 and a GPS position, as a photo taken upright on a phone does.
 */
export interface PhotoOrigin {
  url: (path: string) => string;
  /** The bytes served at a path once asked for. */
  served: (path: string) => Buffer | undefined;
  /** The width and height each good photo has as stored (portrait: the EXIF rotation turns the landscape pixels). */
  photo: { width: number; height: number };
  close: () => Promise<void>;
}

const PIXELS = { width: 1600, height: 1200 } as const;

/** Noise over this call's colour, so it compresses like a photo rather than a flat drawing. */
function photoLike(width: number, height: number) {
  const noise = randomBytes(width * height * 3);
  const [r, g, b] = randomBytes(3);
  for (let i = 0; i < noise.length; i += 3) {
    noise[i] = ((noise[i] ?? 0) >> 2) + (r ?? 0) * 0.75;
    noise[i + 1] = ((noise[i + 1] ?? 0) >> 2) + (g ?? 0) * 0.75;
    noise[i + 2] = ((noise[i + 2] ?? 0) >> 2) + (b ?? 0) * 0.75;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } });
}

/** Where a phone says it was: a GPS position in its EXIF (a dealer's yard, or a home). */
const PHONE_EXIF = { IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "27/1 28/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "153/1 1/1 0/1" } };

/** A fresh phone photo: 1600 x 1200 pixels taken upright (EXIF Orientation 6) with a GPS position. */
export async function phonePhoto(): Promise<Buffer> {
  return photoLike(PIXELS.width, PIXELS.height).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).withExif(PHONE_EXIF).toBuffer();
}

/** A fresh interior panorama as a phone's panorama mode takes it (ADR 0102): `PANORAMA_PIXELS`, with a GPS position. */
export const PANORAMA_PIXELS = { width: 2400, height: 800 } as const;
export const phonePanorama = (): Promise<Buffer> => photoLike(PANORAMA_PIXELS.width, PANORAMA_PIXELS.height).jpeg({ quality: 80 }).withExif(PHONE_EXIF).toBuffer();

/**
 * A 300 x 200 picture of four coloured quarters (each run's own shades) carrying EXIF `orientation`: where each quarter
 * lands tells a turn from a mirror (ADR 0071).
 */
export async function quarteredPhoto(orientation: number): Promise<Buffer> {
  const [width, height] = [300, 200];
  const shade = randomBytes(4);
  const quarters = [
    [200, 40, (shade[0] ?? 0) >> 2],
    [40, 200, (shade[1] ?? 0) >> 2],
    [40, (shade[2] ?? 0) >> 2, 200],
    [220, 220, (shade[3] ?? 0) >> 2],
  ];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set(quarters[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] ?? [], (y * width + x) * 3);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).withMetadata({ orientation }).toBuffer();
}

export async function startPhotoOrigin(): Promise<PhotoOrigin> {
  const photos = new Map<string, Buffer>();
  const wide = await sharp({ create: { width: 12_001, height: 100, channels: 3, background: "#336699" } }).png().toBuffer();
  let base = "";
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://origin").pathname;
    if (path.startsWith("/good/")) {
      if (!photos.has(path)) photos.set(path, await phonePhoto());
      response.writeHead(200, { "content-type": "image/jpeg" }).end(photos.get(path));
    } else if (path.startsWith("/oriented/")) {
      // /oriented/{EXIF orientation}/{name}.jpg
      if (!photos.has(path)) photos.set(path, await quarteredPhoto(Number(path.split("/")[2])));
      response.writeHead(200, { "content-type": "image/jpeg" }).end(photos.get(path));
    } else if (path.startsWith("/page/")) {
      // Named .jpg and served as image/jpeg: the bytes decide.
      response.writeHead(200, { "content-type": "image/jpeg" }).end("<!doctype html><title>Not a photo</title>");
    } else if (path.startsWith("/redirect/")) {
      response.writeHead(302, { location: `${base}/good/redirected.jpg` }).end();
    } else if (path.startsWith("/wide/")) {
      response.writeHead(200, { "content-type": "image/png" }).end(wide);
    } else if (path.startsWith("/huge/")) {
      // A JPEG's first bytes and then 26 MB: refused once it passes 25 MB, whatever it claims to be.
      response.writeHead(200, { "content-type": "image/jpeg" });
      response.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 26; i += 1) response.write(chunk);
      response.end();
    } else if (path.startsWith("/silent/")) {
      // Never answers: the consumer's per-photo deadline (ADR 0080) must end the attempt.
    } else if (path.startsWith("/endless/")) {
      // A JPEG's first bytes, then nothing more, ever.
      response.writeHead(200, { "content-type": "image/jpeg" }).write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    } else {
      response.writeHead(404).end("Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    served: (path) => photos.get(path),
    photo: { width: PIXELS.height, height: PIXELS.width },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The silent and endless answers never end by themselves.
        server.closeAllConnections();
      }),
  };
}

export type Report = { pending: number; photos: { stocknum: string; position: number; url: string; status: string; reason: string | null; width: number | null; height: number | null }[] };
export type StoredCar = { slug: string; primary_image_url: string; images: { image: { url: string }; photo?: { source: string; status: string; width?: number; height?: number; colour?: string } }[] };

export const photoRecord = (stocknum: string, images: string[], model = "CX-5") => ({ stocknum, year: 2022, make: "Mazda", model, badge: "Maxx", car_type: "used", status: "in_stock", price: 31990, km: 30100, images });

export async function settledReport(site: string, key: string, batch: string): Promise<Report> {
  let report: Report = { pending: -1, photos: [] };
  await expect
    .poll(
      async () => {
        report = (await (await stockApi(site, key, `/batches/${batch}`)).json()) as Report;
        return report.pending;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe(0);
  return report;
}

export const storedCar = async (site: string, key: string, stocknum: string) =>
  ((await (await stockApi(site, key, `/vehicles?stocknum=${stocknum}`)).json()) as { vehicles: StoredCar[] }).vehicles[0] as StoredCar;


/** The two sites the photo tests post to, with their write keys. */
export const PHOTO_SITES = [
  ["harbour-city-motors", "write-harbour-city-motors"],
  ["ridge-motorcycles", "write-ridge-motorcycles"],
] as const;

/** A browser test file's Chromium and photo origin: started before its tests, closed after them. */
export function browserWithPhotoOrigin(): { browser: Browser; origin: PhotoOrigin } {
  const rig = {} as { browser: Browser; origin: PhotoOrigin };
  beforeAll(async () => {
    [rig.browser, rig.origin] = await Promise.all([launchChromium(), startPhotoOrigin()]);
  });
  afterAll(async () => {
    await Promise.all([rig.browser?.close(), rig.origin?.close()]);
  });
  return rig;
}

/** PUT a car's interior panorama (ADR 0102) with the dealership's write key. */
export async function uploadPanorama(site: string, key: string, stocknum: string, bytes: Buffer): Promise<Response> {
  const form = new FormData();
  form.append("panorama", new Blob([new Uint8Array(bytes)]), "interior.jpg");
  const encoded = new Request("http://upload.invalid/", { method: "POST", body: form });
  return fetchSite(site, `/api/stock/vehicles/${stocknum}/interior`, {
    method: "PUT",
    headers: { authorization: `Bearer ${key}`, "content-type": encoded.headers.get("content-type") ?? "" },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
}

/** The car page's Interior view once the shopper picks it: its picture's address and its decoded pixels' width. */
export async function interiorShown(browser: Browser, site: string, slug: string): Promise<{ src: string; natural: number }> {
  const page = await browser.newPage(DESKTOP);
  try {
    await page.goto(siteUrl(site, `/cars/${slug}`));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Interior", exact: true }).click();
    const image = page.getByRole("img", { name: /, interior$/ });
    await image.waitFor();
    return await image.evaluate(async (element: HTMLImageElement) => {
      await element.decode().catch(() => undefined);
      return { src: element.currentSrc, natural: element.naturalWidth };
    });
  } finally {
    await page.close();
  }
}
