import { describe, expect, it } from "vitest";
import { reserveButtonLabel, soldVehicleMessage, vehicleButtons } from "./buttons";
import { makeCar, makeConfig } from "./test-fixtures";

const config = makeConfig();
const image = { image: { url: "a.jpg", thumb: { url: "a-t.jpg" } } };

describe("vehicle buttons", () => {
  it("trade-in only when enabled for the car; reserve and online purchase only with checkout", () => {
    expect(vehicleButtons(makeCar({ trade_in_enabled: false }), config, false).tradeIn).toBe(false);
    expect(vehicleButtons(makeCar(), config, false)).toMatchObject({ tradeIn: true, reserve: false, onlinePurchase: false });
    expect(vehicleButtons(makeCar({ checkout_enabled: true }), config, false)).toMatchObject({ reserve: true, onlinePurchase: true });
  });

  it("no finance button for an excluded make or dealership (ADR 0063)", () => {
    const excluding = makeConfig({ finance: { excludedManufacturers: ["Hino"], excludedDealerships: ["summit-kia-adelaide"] } });
    expect(vehicleButtons(makeCar(), excluding, false).finance).toBe(true);
    expect(vehicleButtons(makeCar({ make: "Hino" }), excluding, false).finance).toBe(false);
    expect(vehicleButtons(makeCar({ dealership_slug: "summit-kia-adelaide" }), excluding, false).finance).toBe(false);
  });

  it("history report only with a file", () => {
    expect(vehicleButtons(makeCar(), config, false).history).toBe(false);
    expect(vehicleButtons(makeCar({ file: "report.pdf" }), config, false).history).toBe(true);
  });

  it("the dealer's button set decides which appear", () => {
    const set = makeConfig({ vehicle: { buttonSet: ["enquire"] } });
    expect(vehicleButtons(makeCar({ checkout_enabled: true, file: "r.pdf" }), set, false)).toMatchObject({
      enquire: true, history: false, finance: false, tradeIn: false, reserve: false,
    });
  });

  it("favourite and compare hidden unless in stock; used-only compare needs price and an image", () => {
    expect(vehicleButtons(makeCar({ status: "sold" }), config, false)).toMatchObject({ favourite: false, compare: false, findSimilar: true, enquire: false });
    const usedOnly = makeConfig({ search: { usedOnly: true } });
    expect(vehicleButtons(makeCar(), usedOnly, false).compare).toBe(false);
    expect(vehicleButtons(makeCar({ images: [image] }), usedOnly, false).compare).toBe(true);
    expect(vehicleButtons(makeCar({ images: [image], price: 0 }), usedOnly, false).compare).toBe(false);
  });

  it("the dealership that hides favourites shows no favourite button; compare stays", () => {
    const hiding = makeConfig({ vehicle: { favouriteHiddenDealerships: ["hidden-motors"] } });
    expect(vehicleButtons(makeCar({ dealership_slug: "hidden-motors" }), hiding, false)).toMatchObject({ favourite: false, compare: true });
    expect(vehicleButtons(makeCar({ dealership_slug: "other-motors" }), hiding, false)).toMatchObject({ favourite: true, compare: true });
  });

  it("test-drive-only cars swap the buttons for a test drive form", () => {
    expect(vehicleButtons(makeCar({ tag: "Test Drive Only", checkout_enabled: true }), config, false)).toMatchObject({
      testDriveOnly: true, enquire: false, reserve: false, tradeIn: false,
    });
  });

  it("a sold car shows the save button only if already saved", () => {
    expect(vehicleButtons(makeCar({ status: "sold" }), config, false).watchlistSave).toBe(false);
    expect(vehicleButtons(makeCar({ status: "sold" }), config, true).watchlistSave).toBe(true);
    expect(vehicleButtons(makeCar(), config, false).watchlistSave).toBe(true);
  });
});

describe("reserve label and sold text", () => {
  it("'Reserve Now $200' by default, no amount at $0", () => {
    expect(reserveButtonLabel({ amount: 200 })).toBe("Reserve Now $200");
    expect(reserveButtonLabel({ amount: 500 })).toBe("Reserve Now $500");
    expect(reserveButtonLabel({ amount: 0 })).toBe("Reserve Now");
  });
  it("sold message names the vehicle type", () => {
    expect(soldVehicleMessage("car")).toBe("Unfortunately this car recently sold. But don't worry, we can help you find a similar one!");
  });
});
