import { FIND_SIMILAR_LABEL, FIND_SIMILAR_MESSAGE, FIND_SIMILAR_SUBCATEGORY } from "@dealer/shared/rules";
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";
import { searchSite } from "../support/search-api";
import { OFFLINE_EMBEDS, openCar } from "../support/vehicles";

/** Spec §4 (issues 22 and 23): a sold car's "Find Me Something Similar" opens its enquiry form asking for something similar. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Hit = { slug: string; name: string; status: string };

/** The dialog holds the sold car's enquiry form with the spec's message and subcategory. */
async function expectFindSimilarForm(dialog: Locator, car: Hit) {
  await dialog.getByRole("heading", { name: FIND_SIMILAR_LABEL }).waitFor();
  await expect(dialog.locator(".enquiry-form__car").innerText()).resolves.toBe(car.name);
  await expect(dialog.getByLabel(/^Comments/).inputValue()).resolves.toBe(FIND_SIMILAR_MESSAGE);
  await expect(dialog.locator('input[name="values.subcategory"]').inputValue()).resolves.toBe(FIND_SIMILAR_SUBCATEGORY);
}

describe.each(["harbour-city-motors", "ridge-motorcycles"])("a sold car on %s", (site) => {
  it("the vehicle page's Find Me Something Similar opens the car's enquiry form asking for something similar", async () => {
    const { hits } = await searchSite<Hit>(site, { filters: "status:sold", hitsPerPage: 1 });
    const car = hits[0];
    if (!car) throw new Error(`${site} has no sold car`);
    const { page, errors } = await openCar(browser, site, `/cars/${car.slug}`);
    const button = page.locator("#slot-vehicle").getByRole("link", { name: FIND_SIMILAR_LABEL });
    // Without script it is the car's own form on this page, not a search.
    await expect(button.getAttribute("href")).resolves.toBe("#slot-enquiry");
    await button.click();
    await expectFindSimilarForm(page.getByRole("dialog"), car);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the sold result card's Find Me Something Similar opens that car's enquiry form (not a missing #enquiry)", async () => {
    const inStock = await searchSite(site, { filters: "(status:in_stock OR status:coming_soon) AND show_on_dealer_website:true", hitsPerPage: 0 });
    const page = await browser.newPage();
    const errors = watchConsole(page, OFFLINE_EMBEDS);
    await page.goto(siteUrl(site, `/search?page=${Math.floor(inStock.nbHits / 21) + 1}`));
    await waitForHydration(page);
    const card = page.locator(".card--sold").first();
    // Its sold label is painted over the greyed image, not under it: the label is what the eye meets at its centre.
    const label = card.locator(".card__tag--sold");
    await label.scrollIntoViewIfNeeded();
    await expect(label.innerText()).resolves.toBe(demoConfig(site).labels.soldLabel.toUpperCase());
    const onTop = await label.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return seen !== null && element.contains(seen);
    });
    expect(onTop).toBe(true);
    const title = await card.locator(".card__title").innerText();
    const link = card.getByRole("link", { name: `${FIND_SIMILAR_LABEL} to the ${title}` });
    const slug = /\/cars\/([^#?]+)/.exec((await link.getAttribute("href")) ?? "")?.[1] ?? "";
    const sold = await searchSite<Hit>(site, { filters: "status:sold", hitsPerPage: 1000, attributesToRetrieve: ["slug", "name", "status"] });
    const car = sold.hits.find((hit) => hit.slug === slug);
    if (!car) throw new Error(`no sold car ${slug} on ${site}`);
    await expect(link.getAttribute("href")).resolves.toBe(`/cars/${slug}#slot-enquiry`);
    await link.click();
    await expectFindSimilarForm(page.getByRole("dialog"), car);
    expect(errors).toEqual([]);
    await page.close();
  });
});
