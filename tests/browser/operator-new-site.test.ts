import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { operatorApi } from "../support/operator";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

const SITE = "seventh-dealer-browser";
const file = { ...(parse(readFileSync(join(import.meta.dirname, "../../examples/sites/seventh-dealer.yaml"), "utf8")) as Record<string, unknown>), slug: SITE, domains: [] };

let browser: Browser;
beforeAll(async () => {
  await operatorApi("DELETE", `/sites/${SITE}`);
  const created = await operatorApi("POST", "/sites", file);
  expect(created.status, await created.clone().text()).toBe(201);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await operatorApi("DELETE", `/sites/${SITE}`);
});

describe("a site created by the operator", () => {
  it("renders its home page in the browser: its name, theme and an empty search, without errors", async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, "/"));
    await waitForHydration(page);
    expect(await page.locator("#shell-header").innerText()).toContain("Seventh Avenue Motors");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim())).toBe("#3949ab");
    await page.goto(siteUrl(SITE, "/search"));
    await waitForHydration(page);
    expect(await page.locator(".card__title").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
