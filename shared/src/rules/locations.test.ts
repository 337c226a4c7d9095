import { describe, expect, it } from "vitest";
import { byDistance, distanceKm, filterLocations, licenceNumbers, listedDepartment, locationGridColumns, locationLayout, primaryLocation } from "./locations";

const loc = (id: number, location_type: ("sales" | "service" | "parts")[], extra: Record<string, unknown> = {}) => ({
  id, location_type, location_subtype: [] as string[], manufacturers: ["Toyota"], visible: true, primary: false, ...extra,
});
const all = [
  loc(1, ["sales"], { primary: true }),
  loc(2, ["service"]),
  loc(3, ["parts"], { manufacturers: ["Kia"] }),
  loc(4, [], { location_subtype: ["buying"] }),
  loc(5, ["sales", "service"], { visible: false }),
];
const ids = (list: { id: number }[]) => list.map((l) => l.id);

describe("location filters", () => {
  it("sales (empty type means sales), service, parts, service-and-parts, all", () => {
    expect(ids(filterLocations(all, { kind: "sales" }))).toEqual([1, 4]);
    expect(ids(filterLocations(all, { kind: "service" }))).toEqual([2]);
    expect(ids(filterLocations(all, { kind: "parts" }))).toEqual([3]);
    expect(ids(filterLocations(all, { kind: "service-and-parts" }))).toEqual([2, 3]);
    expect(ids(filterLocations(all, { kind: "all" }))).toEqual([1, 2, 3, 4]);
  });
  it("manufacturer, subtype, include and exclude ids", () => {
    expect(ids(filterLocations(all, { manufacturer: "kia" }))).toEqual([3]);
    expect(ids(filterLocations(all, { subtype: "buying" }))).toEqual([4]);
    expect(ids(filterLocations(all, { includeIds: [1, 2, 5] }))).toEqual([1, 2]);
    expect(ids(filterLocations(all, { excludeIds: [1] }))).toEqual([2, 3, 4]);
  });
  it("primary location", () => {
    expect(primaryLocation(all)?.id).toBe(1);
    expect(primaryLocation([])).toBeNull();
  });
});

describe("listedDepartment", () => {
  it("is the department the list is for, else the location's main one", () => {
    const full = { location_type: ["sales", "service", "parts"] as ("sales" | "service" | "parts")[] };
    expect(listedDepartment(full, "parts")).toBe("parts");
    expect(listedDepartment(full, "service")).toBe("service");
    expect(listedDepartment(full, "all")).toBe("sales");
    expect(listedDepartment({ location_type: ["parts"] }, "service-and-parts")).toBe("parts");
    expect(listedDepartment(full, "service-and-parts")).toBe("service");
    expect(listedDepartment({ location_type: [] }, "all")).toBe("sales");
    expect(listedDepartment({ location_type: ["service", "parts"] }, "all")).toBe("service");
  });
});

describe("distance", () => {
  it("haversine with earth radius 6371 km", () => {
    const brisbane = { lat: -27.4698, long: 153.0251 };
    const sydney = { lat: -33.8688, long: 151.2093 };
    expect(distanceKm(brisbane, sydney)).toBeCloseTo(732.0, 0);
    expect(distanceKm(brisbane, brisbane)).toBe(0);
    expect(ids(byDistance([{ id: 1, address: sydney }, { id: 2, address: brisbane }], brisbane))).toEqual([2, 1]);
  });
  it("licence numbers only with the flag", () => {
    const l = { dealer_license_number: "MD123", motor_vehicle_repairer: "MVR9" };
    expect(licenceNumbers(l, false)).toEqual([]);
    expect(licenceNumbers(l, true)).toEqual(["MD123", "MVR9"]);
  });
});

describe("locationGridColumns / locationLayout", () => {
  it("follows the count rules: 6 -> 3, over 3 -> 4, 3 -> 3, under 3 -> the count", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(locationGridColumns)).toEqual([1, 2, 3, 4, 4, 3, 4, 4]);
  });

  it("is a single card for one location, a carousel across dealerships, else a grid", () => {
    expect(locationLayout([{ dealership_id: 1 }])).toBe("single");
    expect(locationLayout([{ dealership_id: 1 }, { dealership_id: 1 }])).toBe("grid");
    expect(locationLayout([{ dealership_id: 1 }, { dealership_id: 2 }])).toBe("carousel");
  });
});
