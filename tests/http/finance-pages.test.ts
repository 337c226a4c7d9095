import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";
import { BROKEN_NUMBER } from "../support/finance";

const BAD_BUDGETS = ["abc", "-40000", "", "1e308", "$1,000,000.00", "NaN", "Infinity", "%00", "40000&vehiclePriceBudget=2", "9".repeat(400)];

describe("finance pages with bad addresses", () => {
  it("answer a valid page for any vehiclePriceBudget, never NaN or a 5xx", async () => {
    for (const path of ["/finance", "/finance-enquiry", "/apply-for-finance"]) {
      for (const budget of BAD_BUDGETS) {
        const response = await fetchSite("summit-auto-group", `${path}?vehiclePriceBudget=${encodeURIComponent(budget)}`);
        expect(response.status, `${path} ${budget}`).toBe(200);
        const html = await response.text();
        expect(html).toContain('id="finance-calculator"');
        // The page's own address may echo the text back (the sign-in link's return address): links are not figures.
        expect(html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/href="[^"]*"/g, ""), `${path} ${budget}`).not.toMatch(BROKEN_NUMBER);
      }
    }
  });

  it("serve the budget finder and the price slider pages, and 404 what is not a page", async () => {
    for (const [path, text] of [["/budget-finder?range=x", "Find cars for your budget"], ["/shop-by-price?sortBy=%ff", "Minimum price"]] as const) {
      const response = await fetchSite("ridge-motorcycles", path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(text);
    }
    expect((await fetchSite("ridge-motorcycles", "/finance/../../etc")).status).toBeLessThan(500);
    expect((await fetchSite("ridge-motorcycles", "/finance-enquiry/extra")).status).toBe(404);
  });

  it("starts a finance link's address at its vehiclePriceBudget", async () => {
    const html = await (await fetchSite("harbour-city-motors", "/finance?vehiclePriceBudget=40000")).text();
    expect(html).toContain('value="40,000"');
  });
});
