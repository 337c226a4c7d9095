import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoUrlOf } from "@dealer/shared/contract";
import { SPIN_FRAME_COUNT } from "@dealer/shared/media";
import { demoPhotoPath, demoSpinCars } from "../../db/demo/media";
import { generateDemoData } from "../../db/demo/generate";
import { buildVehiclePicture } from "../../edge/src/images/vehicle-svg";
import { listenDemoPhotoOrigin } from "./origin";
import { DEMO_PHOTO, type DemoPicture, demoShotPath, demoShots, parseDemoPhotoPath, renderDemoPhoto, shotOfUrl } from "./render";

const RED_SUV: DemoPicture = { body: "suv", colour: "red", angle: "three-quarter" };

describe("demo photo paths", () => {
  it("name a body, colour and angle or spin frame the platform draws, and nothing else", () => {
    expect(parseDemoPhotoPath(demoPhotoPath(RED_SUV))).toEqual(RED_SUV);
    expect(parseDemoPhotoPath("vehicles/ute/white/spin/23.jpg")).toEqual({ body: "ute", colour: "white", frame: 23 });
    for (const path of [
      "vehicles/suv/red/three-quarter.svg",
      "vehicles/blimp/red/side.jpg",
      "vehicles/suv/pink/side.jpg",
      "vehicles/suv/red/top.jpg",
      "vehicles/../red/side.jpg",
      "suv/red/side.jpg",
      `vehicles/suv/red/spin/${SPIN_FRAME_COUNT}.jpg`,
      "vehicles/suv/red/spin/07.jpg",
    ]) {
      expect(parseDemoPhotoPath(path), path).toBeNull();
    }
  });

  it("the demo stock names a few hundred distinct pictures at most, its spin cars' frames and panoramas included (ADR 0094, 0102)", () => {
    const { vehicles } = generateDemoData({ today: "2026-11-28", photoOrigin: "http://127.0.0.1:1" });
    const spinCars = demoSpinCars(vehicles);
    const shots = demoShots(vehicles, spinCars);
    expect(spinCars.length).toBe(2);
    expect(shots.filter((shot) => "frame" in shot)).toHaveLength(2 * SPIN_FRAME_COUNT);
    // Each spin car's panorama is its own body and paint's interior, as its first gallery photo shows them.
    const interiors = spinCars.map((car) => ({ ...shotOfUrl(photoUrlOf(car.images?.[0] ?? "")), angle: "interior" }));
    expect(shots.filter((shot) => "angle" in shot && shot.angle === "interior")).toEqual(interiors);
    expect(new Set(shots.map(demoShotPath)).size).toBe(shots.length);
    expect(shots.length).toBeLessThanOrEqual(150);
  });
});

describe("renderDemoPhoto", () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await renderDemoPhoto(RED_SUV);
  });

  it("is a 3:2 JPEG without metadata, the same bytes every time (one content hash in R2)", async () => {
    const meta = await sharp(photo).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", DEMO_PHOTO.width, DEMO_PHOTO.height]);
    expect(meta.exif).toBeUndefined();
    expect((await renderDemoPhoto(RED_SUV)).equals(photo)).toBe(true);
  });

  it("compresses like a photo: a card's copy weighs over twice the drawing's, and within the card budget", async () => {
    const card = (input: Buffer) => sharp(input).resize(480).webp({ quality: 75 }).toBuffer();
    const drawing = await sharp(Buffer.from(buildVehiclePicture({ ...RED_SUV, width: DEMO_PHOTO.width, quality: 100 }))).png().toBuffer();
    const [photoCard, drawingCard] = [await card(photo), await card(drawing)];
    expect(photoCard.length).toBeGreaterThan(2 * drawingCard.length);
    expect(photoCard.length).toBeLessThanOrEqual(30 * 1024);
  });
});

describe("the demo photo origin", () => {
  let origin: Awaited<ReturnType<typeof listenDemoPhotoOrigin>>;
  beforeAll(async () => {
    origin = await listenDemoPhotoOrigin();
  });
  afterAll(() => origin.close());

  it("serves a picture rendered once and kept, as JPEG, and 404 for anything else", async () => {
    const picture: DemoPicture = { body: "hatch", colour: "blue", angle: "side" };
    const [one, two] = await Promise.all([fetch(`${origin.base}/${demoPhotoPath(picture)}`), fetch(`${origin.base}/${demoPhotoPath(picture)}`)]);
    expect([one.status, one.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    const bytes = Buffer.from(await one.arrayBuffer());
    expect(Buffer.from(await two.arrayBuffer()).equals(bytes)).toBe(true);
    expect(bytes.equals(await renderDemoPhoto(picture))).toBe(true);
    expect(readFileSync(join(origin.cacheDir, demoPhotoPath(picture))).equals(bytes)).toBe(true);
    expect((await fetch(`${origin.base}/${demoPhotoPath(picture)}`)).status).toBe(200);
    expect(origin.rendered()).toBe(1);
    expect((await fetch(`${origin.base}/vehicles/hatch/blue/side.svg`)).status).toBe(404);
    expect((await fetch(`${origin.base}/vehicles/hatch/blue/../../etc.jpg`)).status).toBe(404);
    expect(existsSync(join(origin.cacheDir, "vehicles/hatch/blue/side.jpg.part"))).toBe(false);
  });
});
