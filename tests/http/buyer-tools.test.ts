import { DEFAULT_DRIVE_AWAY_RATES } from "@dealer/shared/config";
import { type DriveAwayEstimate, noMoreToPayText, PART_NAMES, TOWING_CAPACITY_MESSAGE, type TowVehicle } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { carWhere, deliveryChargeOf, nswPassengerDuty, qldDuty, waHeavyDuty } from "../support/buyer-tools";
import { query } from "../support/db";
import { fetchSite } from "../support/platform";

const CAR_SITE = "harbour-city-motors";
const TRUCK_SITE = "outback-trucks";
const VAN_SITE = "coastal-caravans";
type Invalid = { fieldErrors: Record<string, string[]> };

const driveAway = (site: string, params: string) => fetchSite(site, `/api/drive-away?${params}`);
const estimateOf = async (site: string, params: string) => {
  const response = await driveAway(site, params);
  expect(response.status).toBe(200);
  return (await response.json()) as DriveAwayEstimate;
};
const cents = (amount: number) => Math.round(amount * 100);
const sumOf = (estimate: DriveAwayEstimate) => estimate.parts.reduce((sum, part) => sum + cents(part.amount), 0) / 100;
const part = (estimate: DriveAwayEstimate, name: string) => estimate.parts.find((candidate) => candidate.name.startsWith(name))?.amount;

describe("the page's settings (ADR 0072)", () => {
  it("carry the dealer's delivery charge but not the drive-away rates, which only the API reads", async () => {
    for (const site of [CAR_SITE, TRUCK_SITE]) {
      const html = await (await fetchSite(site, "/")).text();
      const state = JSON.parse(html.match(/<script type="application\/json" id="shell-state">([^<]*)<\/script>/)?.[1] ?? "{}") as { config?: { driveAway?: unknown } };
      expect(state.config?.driveAway, site).toEqual({ deliveryCharge: deliveryChargeOf(site) });
      expect(html, site).not.toContain(DEFAULT_DRIVE_AWAY_RATES.NSW.sources[0]?.url);
    }
  });
});

describe("GET /api/drive-away", () => {
  const egc = carWhere(CAR_SITE, "json_extract(data, '$.price_type') = 'Excl. Government Charges' AND json_extract(data, '$.car_type') = 'used' AND json_extract(data, '$.offer_price') IS NULL AND json_extract(data, '$.price') > 20000");
  const delivery = deliveryChargeOf(CAR_SITE);

  it("adds the dealer's delivery and NSW's published passenger duty on price plus delivery, registration, CTP and the transfer", async () => {
    const price = egc.price as number;
    expect(egc.item_type).toBe("car");
    expect(delivery).toBeGreaterThan(0);
    const estimate = await estimateOf(CAR_SITE, `car_id=${egc.id}&state=NSW`);
    const nsw = DEFAULT_DRIVE_AWAY_RATES.NSW;
    expect(estimate.parts).toEqual([
      { name: "Price (Excl. Government Charges)", amount: price },
      { name: PART_NAMES.delivery, amount: delivery },
      { name: "Stamp duty (Passenger vehicle)", amount: nswPassengerDuty(price + delivery) },
      { name: PART_NAMES.registration, amount: nsw.registration.car },
      { name: expect.stringContaining("CTP insurance"), amount: nsw.ctp?.car.to },
      { name: PART_NAMES.transfer, amount: nsw.transferFee },
    ]);
    expect(estimate.total).toBe(sumOf(estimate));
    expect(estimate).toMatchObject({ state: "NSW", asAt: nsw.asAt, sources: nsw.sources });
  });

  it("finds the state of a postcode: 4000 is QLD, whose duty goes by the car's cylinders", async () => {
    const estimate = await estimateOf(CAR_SITE, `car_id=${egc.id}&postcode=4000`);
    expect(estimate.state).toBe("QLD");
    expect(part(estimate, "Stamp duty")).toBe(qldDuty((egc.price as number) + delivery, egc.variant?.cylinders ?? null, egc.fuel ?? egc.simple_fuel ?? ""));
    expect(estimate.total).toBe(sumOf(estimate));
  });

  it("adds GST to an Excl. GST truck, then WA's heavy vehicle duty (3%, at most $12,000) on the GST-inclusive price plus delivery", async () => {
    const truck = carWhere(TRUCK_SITE, "json_extract(data, '$.price_type') = 'Excl. GST' AND json_extract(data, '$.variant.grossvehiclemass') > 4500 AND json_extract(data, '$.offer_price') IS NULL");
    const price = truck.price as number;
    const gst = Math.round(price * 10) / 100;
    const value = price + gst + deliveryChargeOf(TRUCK_SITE);
    const estimate = await estimateOf(TRUCK_SITE, `car_id=${truck.id}&state=wa`);
    expect(part(estimate, PART_NAMES.gst)).toBe(gst);
    expect(part(estimate, "Stamp duty (Heavy vehicle)")).toBe(waHeavyDuty(value));
    expect(part(estimate, PART_NAMES.registration)).toBe(DEFAULT_DRIVE_AWAY_RATES.WA.registration.lightTruck);
    expect(estimate.total).toBe(sumOf(estimate));
  });

  it("keeps a Drive Away price as the total: nothing more in the dealer's state, another state's charges said", async () => {
    const car = carWhere(CAR_SITE, "json_extract(data, '$.price_type') = 'Drive Away' AND json_extract(data, '$.offer_price') IS NULL AND json_extract(data, '$.price') > 10");
    const home = await estimateOf(CAR_SITE, `car_id=${car.id}&state=QLD`);
    expect(home).toMatchObject({ total: car.price, parts: [{ name: PART_NAMES.driveAway, amount: car.price }], note: noMoreToPayText("QLD") });
    const away = await estimateOf(CAR_SITE, `car_id=${car.id}&state=VIC`);
    expect(away.total).toBe(car.price);
    expect(away.note).toContain("Registered in VIC instead");
  });

  it("answers bad input with 400 naming the field", async () => {
    const cases: [string, string][] = [
      [`car_id=${egc.id}&state=XYZ`, "state"],
      [`car_id=${egc.id}&postcode=123`, "postcode"],
      [`car_id=${egc.id}&postcode=0100`, "postcode"],
      [`car_id=${egc.id}`, "state"],
      ["car_id=abc&state=NSW", "car_id"],
      ["state=NSW", "car_id"],
    ];
    for (const [params, field] of cases) {
      const response = await driveAway(CAR_SITE, params);
      expect(response.status, params).toBe(400);
      expect(Object.keys(((await response.json()) as Invalid).fieldErrors), params).toContain(field);
    }
    const other = await driveAway(TRUCK_SITE, `car_id=${egc.id}&state=NSW`);
    expect(other.status).toBe(404);
  });
});

describe("GET /api/towing/vehicles and /api/towing/check", () => {
  it("answers the network's tow vehicles, deduplicated, without a dealer, stock number or price", async () => {
    const [expected] = query<{ make: string; model: string }>(
      "SELECT json_extract(data, '$.make') AS make, json_extract(data, '$.model') AS model FROM vehicles WHERE json_extract(data, '$.variant.towingcapacitybraked') >= 3500 LIMIT 1",
    );
    if (!expected) throw new Error("no tow vehicle in the stock");
    // Asked on the caravan site: the variants are the network's, whichever site lists the cars.
    const response = await fetchSite(VAN_SITE, `/api/towing/vehicles?query=${encodeURIComponent(`${expected.make} ${expected.model}`)}`);
    expect(response.status).toBe(200);
    const vehicles = (await response.json()) as TowVehicle[];
    expect(vehicles.length).toBeGreaterThan(0);
    for (const vehicle of vehicles) {
      expect(Object.keys(vehicle).sort()).toEqual(["badge", "brakedCapacityKg", "make", "model", "year"]);
      expect(`${vehicle.make} ${vehicle.model}`.toLowerCase()).toContain(expected.model.toLowerCase());
    }
    const keys = vehicles.map((vehicle) => JSON.stringify(vehicle));
    expect(new Set(keys).size).toBe(keys.length);
    // Each answered variant is one the stock holds with that capacity.
    const first = vehicles[0] as TowVehicle;
    const [held] = query<{ n: number }>(
      `SELECT count(*) AS n FROM vehicles WHERE json_extract(data, '$.make') = '${first.make}' AND json_extract(data, '$.model') = '${first.model}' AND json_extract(data, '$.year') = ${first.year} AND json_extract(data, '$.variant.towingcapacitybraked') = ${first.brakedCapacityKg}`,
    );
    expect(held?.n).toBeGreaterThan(0);
  });

  it("answers a query too short, too long or with marks other than a model name has with 400 naming it", async () => {
    for (const bad of ["", "a", "x".repeat(61), "<script>"]) {
      const response = await fetchSite(VAN_SITE, `/api/towing/vehicles?query=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(Object.keys(((await response.json()) as Invalid).fieldErrors)).toEqual(["query"]);
    }
  });

  it("checks a van's ATM against a capacity and refuses 0 and 100,000 kg", async () => {
    const van = carWhere(VAN_SITE, "json_extract(data, '$.caravan_specifications.aggregate_trailer_mass') > 0");
    const atm = van.caravan_specifications?.aggregate_trailer_mass as number;
    const check = async (capacity: number) => {
      const response = await fetchSite(VAN_SITE, `/api/towing/check?car_id=${van.id}&capacity=${capacity}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { verdict: string }).verdict;
    };
    expect(await check(Math.ceil(atm / 0.85) + 1)).toBe("within");
    expect(await check(atm)).toBe("near");
    expect(await check(atm - 1)).toBe("over");
    for (const capacity of ["0", "100000", "abc"]) {
      const response = await fetchSite(VAN_SITE, `/api/towing/check?car_id=${van.id}&capacity=${capacity}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as Invalid).fieldErrors.capacity).toEqual([TOWING_CAPACITY_MESSAGE]);
    }
  });
});
