import { makeCar, makeConfig } from "@dealer/shared/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import VehicleInfo from "./VehicleInfo";
import VehicleInfoServer from "./VehicleInfo.server";
import { vehicleInfoProps } from "./view-model";

const now = new Date("2026-06-01T00:00:00Z");
const info = (overrides = {}, config = {}) => vehicleInfoProps(makeCar(overrides), makeConfig(config), now);
const html = (overrides = {}, config = {}) => renderToString(<VehicleInfoServer {...info(overrides, config)} />);
const equipment = Array.from({ length: 11 }, (_, n) => `Feature ${n + 1}`);

describe("VehicleInfo", () => {
  it("shows 4 key facts then Show More / Show Less, and 8 features then Show All / Hide", () => {
    const page = html({ simple_transmission: "Automatic", simple_body: "Sedan", simple_fuel: "Petrol", simple_drive: "FWD", seats: 5, standardEquipment: equipment });
    const [first] = page.split("Show More");
    expect(first?.match(/vehicle-spec-grid-row/g)).toHaveLength(4);
    expect(page).toContain("Show Less");
    const [visible] = page.split("Show All");
    expect(visible).toContain("Feature 8");
    expect(visible).not.toContain("Feature 9");
    expect(page).toContain("Hide");
  });

  it("drops empty, null and 'null' rows and states the rego expiry", () => {
    const page = html({ badge: "null", series: "", vin: null, rego_expiry: "2026-09-30" });
    expect(page).not.toContain(">Badge<");
    expect(page).not.toContain(">Series<");
    expect(page).not.toContain(">VIN<");
    expect(page).toContain("Expires on 30/09/2026");
    expect(html({ rego_expiry: "2026-01-01" }, { features: { unregisteredText: true } })).toContain("Unregistered");
    expect(html({ rego_expiry: "2026-01-01" })).not.toContain("Registration expiry");
  });

  it("shows a private seller's suburb and postcode and a carsales title that differs from the name, only where they apply", () => {
    const page = html({ name: "2019 Mazda CX-5 Maxx", private_suburb: "Box Hill", private_postcode: "3128", carsales_title: "2019 Mazda CX-5 Maxx - Private Sale" });
    expect(page).toContain("<dt>Private seller location</dt><dd>Box Hill 3128</dd>");
    expect(page).toContain("<dt>Advertised as</dt><dd>2019 Mazda CX-5 Maxx - Private Sale</dd>");
    const plain = html({ name: "2019 Mazda CX-5 Maxx", private_suburb: null, private_postcode: "3128", carsales_title: "2019 Mazda CX-5 Maxx" });
    expect(plain).not.toContain("Private seller location");
    expect(plain).not.toContain("Advertised as");
  });

  it("splits dealer comments on pipes, cuts them at 400 characters, and shows the pending text when empty", () => {
    expect(html({ dealercomments: "One|Two" })).toMatch(/<p>One<\/p><p>Two<\/p>/);
    const long = html({ dealercomments: `${"a".repeat(450)}|end` });
    expect(long).toContain("Read More");
    expect(long).toContain(`${"a".repeat(400)}...`);
    expect(html({ dealercomments: "" })).toContain("Dealer comments are pending. Please check back here later.");
  });

  it("gives caravans their specifications in metres, as stored (not converted from feet)", () => {
    const page = html({ item_type: "caravan", caravan_specifications: { body_length: 5.5, body_width: 2.48, sleeps: 4 } });
    expect(page).toContain("Caravan specifications");
    expect(page).toContain("5.5 m");
    expect(page).toContain("2.48 m");
    expect(html()).not.toContain("Caravan specifications");
  });

  it("shows the market price indicator only more than $499 below the average", () => {
    expect(html({ price: 20000, state: "QLD", autograb_data: { state_average_market_price: 21000 } })).toContain("Below market price");
    expect(html({ price: 20000, autograb_data: { state_average_market_price: 20400 } })).not.toContain("Below market price");
  });

  it("offers instant valuation and finance eligibility only with autograb, in stock, not reserved and over $200", () => {
    const autograb = { features: { autograb: true } };
    const page = html({ status: "in_stock", reserved: false, price: 25000 }, autograb);
    expect(page).toContain("Instant valuation and finance eligibility");
    expect(page).toContain('href="/finance?vehiclePriceBudget=25000"');
    expect(html({ status: "in_stock", price: 25000 })).not.toContain("Instant valuation");
    expect(html({ status: "sold", price: 25000 }, autograb)).not.toContain("Instant valuation");
    expect(html({ status: "in_stock", reserved: true, price: 25000 }, autograb)).not.toContain("Instant valuation");
    expect(html({ status: "in_stock", price: 200 }, autograb)).not.toContain("Instant valuation");
  });

  it("ships no markup or data of its own to the browser", () => {
    expect(renderToString(<VehicleInfo />)).toBe('<div class="vehicle-info"></div>');
  });
});
