import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { shopperPage } from "../support/leads";
import { launchChromium, siteUrl } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Beacon = { events: { kind: string; category?: string; data: Record<string, unknown> }[] };

describe("the category record call after submit (issue 23)", () => {
  for (const site of ["harbour-city-motors", "outback-trucks"]) {
    it(`${site}: an enquiry about a car records its category with car_type and the car's pairs`, async () => {
      const [car] = query<{ slug: string; car_type: string; stocknum: string }>(
        `SELECT slug, json_extract(data, '$.car_type') AS car_type, json_extract(data, '$.stocknum') AS stocknum FROM vehicles WHERE site = '${site}'
           AND json_extract(data, '$.status') = 'in_stock' AND coalesce(json_extract(data, '$.tag'), '') = '' ORDER BY random() LIMIT 1`,
      );
      if (!car) throw new Error(`no car on ${site}`);
      const page = await shopperPage(browser);
      const beacons: Beacon[] = [];
      page.on("request", (request: Request) => {
        if (request.url().endsWith("/api/vehicles/events") && request.method() === "POST") beacons.push(JSON.parse(request.postData() ?? "{}") as Beacon);
      });
      await page.goto(siteUrl(site, `/cars/${car.slug}`));
      const form = page.locator("#slot-enquiry");
      await form.getByLabel("Name").fill("Cat Record");
      await form.getByLabel("Email").fill(`category-${Date.now()}@example.com`);
      await form.getByLabel("Phone").fill("0412 000 333");
      await form.getByLabel("Postcode").fill("4000");
      await form.getByLabel(/^Comments/).fill("Is it still available?");
      await form.getByRole("button", { name: "Submit Form" }).click();
      await page.waitForURL(/\/success$/);
      await expect.poll(() => beacons.flatMap((beacon) => beacon.events).filter((event) => event.kind === "category").length).toBe(1);
      const record = beacons.flatMap((beacon) => beacon.events).find((event) => event.kind === "category");
      expect(record?.category).toBe("Vehicle Enquiry");
      expect(record?.data).toMatchObject({ car_type: car.car_type, stock_number: car.stocknum, vehicle_status: "in_stock" });
      await page.context().close();
    });
  }
});
