import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";
import { carPath, cars } from "../support/vehicles";

/**
 * A slot's props for the browser (`/_props`, a slot the server sent as a fallback) are only a slot the page really
 * has: the gateway re-plans the page with its car, as the page itself was planned, so a sold car has no photo request
 * or finance, and a test-drive-only car's aside is the test-drive form.
 */
const SITES = ["harbour-city-motors", "summit-auto-group"];
const props = (site: string, remoteAndFragment: string, slot: string, path: string) =>
  fetchSite(site, `/_props/${remoteAndFragment}?slot=${slot}&path=${encodeURIComponent(path)}`);

describe.each(SITES)("slot props follow the car's own plan on %s", (site) => {
  it("answers 404 for a slot a sold car's page does not have, and the slots it has", async () => {
    const sold = carPath(site, cars.sold);
    for (const [fragment, slot] of [
      ["mf-forms/EnquiryForm", "photo-request"],
      ["mf-finance/FinanceBox", "finance"],
      ["mf-finance/RepaymentCalculator", "calculator"],
    ]) {
      const response = await props(site, fragment as string, slot as string, sold);
      expect(response.status, `${slot} of ${sold}`).toBe(404);
      expect(await response.json()).toEqual({ message: "No such slot on that page" });
    }
    const enquiry = await props(site, "mf-forms/EnquiryForm", "enquiry", sold);
    expect(enquiry.status).toBe(200);
    expect(await enquiry.json()).toMatchObject({ variant: "enquiry" });
  });

  it("gives a test-drive-only car's aside the test-drive form, and an unknown car no slot", async () => {
    const response = await props(site, "mf-forms/EnquiryForm", "enquiry", carPath(site, cars.testDriveOnly));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ variant: "test_drive" });
    expect((await props(site, "mf-forms/EnquiryForm", "enquiry", "/cars/no-such-car-anywhere")).status).toBe(404);
  });
});
