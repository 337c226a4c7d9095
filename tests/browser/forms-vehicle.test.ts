import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerLeads } from "../support/leads";
import { fetchSite, launchChromium, siteUrl, waitForHydration } from "../support/platform";

const SITE = "metro-certified";
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function carSlug(filters: string): Promise<string> {
  const response = await fetchSite(SITE, "/1/indexes/Car_production/query", {
    method: "POST",
    headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${SITE}`, "content-type": "application/json" },
    body: JSON.stringify({ filters, hitsPerPage: 1 }),
  });
  const { hits } = (await response.json()) as { hits: { slug: string }[] };
  if (!hits[0]) throw new Error(`no car for ${filters}`);
  return hits[0].slug;
}

describe("the enquiry on a vehicle page", () => {
  it("a sold car asks to find something similar, and the lead carries the car's enquiry defaults", async () => {
    const slug = await carSlug("status:sold");
    const context = await browser.newContext({ extraHTTPHeaders: { "cf-connecting-ip": `192.0.2.9-${Date.now()}` } });
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, `/cars/${slug}`));
    await waitForHydration(page);
    const form = page.locator("#slot-enquiry");
    await form.getByRole("heading", { name: "Find Me Something Similar" }).waitFor();
    expect(await form.getByLabel(/^Comments/).inputValue()).toBe("Can you please find me something similar?");
    const email = `similar-${Date.now()}@example.com`;
    await form.getByLabel("Name").fill("Jamie Similar");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("0412 222 333");
    await form.getByLabel("Postcode").fill("3000");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    const stored = (await dealerLeads(SITE, "write-metro-certified", "?limit=1000")).find((lead) => lead.values.email === email);
    expect(stored?.values).toMatchObject({ subcategory: "Find me something similar", message: "Can you please find me something similar?" });
    await context.close();
  });
});
