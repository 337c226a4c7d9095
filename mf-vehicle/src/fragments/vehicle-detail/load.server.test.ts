import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FragmentNotFound } from "@dealer/shared/fragment-server";
import type { CarInput } from "@dealer/shared/contract";
import { createTestD1 } from "../../../../db/test-support/d1";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { sampleCar } from "./fixtures";
import { loadVehicleDetail } from "./load.server";

const SITE = "harbour-city-motors";
let db: D1Database;
let dispose: () => Promise<void>;
const env = () => ({ DB: db }) as Env;

async function insertCar(car: CarInput) {
  await db
    .prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(car.id, car.site, car.dealership_id, car.slug, car.stocknum, car.status, car.updated_at, JSON.stringify(car))
    .run();
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertCar(sampleCar({ before_price: 29990, offer_price: 25990 }));
  await insertCar(sampleCar({ id: 502, slug: "sold-bike", stocknum: "HC1002", status: "sold", item_type: "motorcycle", price: null }));
  await insertCar(sampleCar({ id: 503, slug: "other-site-car", stocknum: "SA1", site: "summit-auto-group", dealership_id: 9 }));
});
afterAll(() => dispose());

describe("loadVehicleDetail", () => {
  it("loads the tenant's car as display-ready props", async () => {
    const { interactive, staticParts } = await loadVehicleDetail(testFragmentRequest(SITE, { slug: "2021-toyota-corolla-ascent-sport-hc1001" }), env());
    expect(interactive.car).toEqual({ id: 501, slug: "2021-toyota-corolla-ascent-sport-hc1001", title: "2021 Toyota Corolla Ascent Sport", path: "/cars/2021-toyota-corolla-ascent-sport-hc1001", make: "Toyota", model: "Corolla" });
    expect(interactive.price).toEqual({ kind: "price", amount: 25990, struckBeforePrice: 29990 });
    expect(interactive.priceLabels).toEqual({ amount: "$25,990", before: "$29,990", subscription: null, type: expect.any(String) });
    expect(staticParts.facts.map((fact) => fact.value)).toEqual(["42,000 km", "Automatic", "Sedan", "Petrol"]);
    const images = interactive.media.slides;
    expect(images).toHaveLength(5);
    expect(images[0]).toMatchObject({ kind: "image", image: { src: "/cdn/image/width=640,quality=75/vehicles/sedan/white/front.svg", width: 600, height: 400 } });
    expect(images[0]?.kind === "image" && images[0].image.srcSet).toContain("width=1200,quality=75/vehicles/sedan/white/front.svg 1200w");
  });

  it("marks a sold car and uses the configured no-price text", async () => {
    const { interactive } = await loadVehicleDetail(testFragmentRequest(SITE, { slug: "sold-bike" }, { labels: { noPriceText: "Call us" } }), env());
    expect(interactive.soldMessage).toBe("Unfortunately this motorcycle recently sold. But don't worry, we can help you find a similar one!");
    expect(interactive.price).toEqual({ kind: "text", text: "Call us" });
  });

  it("throws FragmentNotFound for unknown slugs and other tenants' cars", async () => {
    await expect(loadVehicleDetail(testFragmentRequest(SITE, { slug: "nope" }), env())).rejects.toBeInstanceOf(FragmentNotFound);
    await expect(loadVehicleDetail(testFragmentRequest(SITE, { slug: "other-site-car" }), env())).rejects.toBeInstanceOf(FragmentNotFound);
    await expect(loadVehicleDetail(testFragmentRequest(SITE, {}), env())).rejects.toBeInstanceOf(FragmentNotFound);
    await expect(loadVehicleDetail(testFragmentRequest(SITE, { slug: "../etc" }), env())).rejects.toBeInstanceOf(FragmentNotFound);
  });
});
