import { describe, expect, it } from "vitest";
import { createImageRoutes } from "./image-routes";

const app = createImageRoutes();
const get = (path: string) => app.request(path);

describe("createImageRoutes", () => {
  it("serves an angle as a long-lived SVG", async () => {
    const res = await get("/image/width=320,quality=75/vehicles/ute/white/three-quarter.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toMatch(/^<svg [^>]*width="320" height="213"/);
  });

  it("serves spin frames 0 to 23", async () => {
    expect((await get("/image/width=640,quality=75/vehicles/coupe/blue/spin/0.svg")).status).toBe(200);
    expect((await get("/image/width=640,quality=75/vehicles/coupe/blue/spin/23.svg")).status).toBe(200);
    expect((await get("/image/width=640,quality=75/vehicles/coupe/blue/spin/24.svg")).status).toBe(404);
    expect((await get("/image/width=640,quality=75/vehicles/coupe/blue/spin/07.svg")).status).toBe(404);
  });

  it.each([
    "/image/width=15,quality=75/vehicles/sedan/red/front.svg",
    "/image/width=2001,quality=75/vehicles/sedan/red/front.svg",
    "/image/width=640,quality=0/vehicles/sedan/red/front.svg",
    "/image/width=640,quality=101/vehicles/sedan/red/front.svg",
    "/image/width=640/vehicles/sedan/red/front.svg",
    "/image/size=big/vehicles/sedan/red/front.svg",
  ])("answers 400 to bad params: %s", async (path) => {
    expect((await get(path)).status).toBe(400);
  });

  it.each([
    "/image/width=640,quality=75/vehicles/spaceship/red/front.svg",
    "/image/width=640,quality=75/vehicles/sedan/pink/front.svg",
    "/image/width=640,quality=75/vehicles/sedan/red/underside.svg",
    "/image/width=640,quality=75/vehicles/sedan/red/front.png",
    "/image/width=640,quality=75/vehicles/sedan/toString/front.svg",
  ])("answers 404 to an unknown picture: %s", async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it("serves every drawing the demo data still names (a spin car's interior panorama)", async () => {
    const { generateDemoData } = await import("../../../db/demo/generate");
    const urls = new Set(generateDemoData({ today: "2026-05-10" }).vehicles.flatMap((v) => (v.spin_interior_image ? [v.spin_interior_image] : [])));
    expect(urls.size).toBeGreaterThan(0);
    for (const url of urls) {
      const res = await get(url.replace(/^\/cdn/, ""));
      expect(res.status, url).toBe(200);
    }
  });
});
