import { describe, expect, it } from "vitest";
import { bodyType } from "./body-types";

describe("body types", () => {
  it("recognises the spec's names and maps truck per site", () => {
    expect(bodyType("SUV", { truckBodyMapsTo: "lightTruck" })).toBe("suv");
    expect(bodyType("People Mover", { truckBodyMapsTo: "lightTruck" })).toBe("peopleMover");
    expect(bodyType("Truck", { truckBodyMapsTo: "lightTruck" })).toBe("lightTruck");
    expect(bodyType("truck", { truckBodyMapsTo: "ute" })).toBe("ute");
    expect(bodyType("hovercraft", { truckBodyMapsTo: "ute" })).toBeNull();
  });
});
