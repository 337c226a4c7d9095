import { describe, expect, it } from "vitest";
import { matchRoute, slotsFor } from "./slot-plans";

const vehiclePlan = () => {
  const match = matchRoute(new URL("http://x.localhost/cars/2021-toyota-corolla"));
  if (!match) throw new Error("no vehicle route");
  return match.plan;
};
const slotNames = (car: Parameters<typeof slotsFor>[1]) =>
  slotsFor(vehiclePlan(), car).slots.map((slot) => `${slot.slot}:${slot.fragment}${slot.params?.kind ? `:${slot.params.kind}` : ""}`);

describe("vehicle page slots", () => {
  it("composes every section of an in-stock car, with finance and the enquiry form in the aside", () => {
    expect(slotNames({ sold: false, testDriveOnly: false })).toEqual([
      "vehicle:VehicleDetail",
      "vehicle-info:VehicleInfo",
      "price-comparison:PriceComparison",
      "fuel-cost:FuelCost",
      "similar:SimilarVehicles",
      "vehicle-location:VehicleLocation",
      "finance:RepaymentEstimate",
      "enquiry:EnquiryForm:enquiry",
    ]);
  });

  it("gives a sold car no finance box or calculator", () => {
    expect(slotNames({ sold: true, testDriveOnly: false })).not.toContain("finance:RepaymentEstimate");
    expect(slotNames({ sold: true, testDriveOnly: false })).toContain("enquiry:EnquiryForm:enquiry");
  });

  it("gives a test-drive-only car the Book a Test Drive form in the enquiry slot", () => {
    const names = slotNames({ sold: false, testDriveOnly: true });
    expect(names).toContain("enquiry:EnquiryForm:test_drive");
    expect(names).not.toContain("enquiry:EnquiryForm:enquiry");
  });
});
