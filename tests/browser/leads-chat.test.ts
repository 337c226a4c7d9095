import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { axeViolations } from "../support/axe";
import { fetchSite, launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";
import { DESKTOP, OFFLINE_EMBEDS } from "../support/vehicles";

/**
 * Issue 23 (ADR 0049): the sidebar chat on two templates' sites (a single dealer, and a group whose site requires
 * the terms): its code loads on first use, the shopper's message opens the conversation, and the dealership's reply
 * (sent through its API) appears on the page by the page's own polling.
 */
const SITES = [
  { site: "harbour-city-motors", terms: false },
  { site: "summit-auto-group", terms: true },
];

/** Each site's first shown car in stock and its dealership (whose key answers). */
const CARS = SITES.map(
  ({ site }) =>
    query<{ slug: string; dealership: string }>(
      `SELECT v.slug, d.slug AS dealership FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = '${site}' AND v.status = 'in_stock' AND json_extract(v.data, '$.show_on_dealer_website') != 0 ORDER BY v.id LIMIT 1`,
    )[0] as { slug: string; dealership: string },
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("instant-message chat on the vehicle page", () => {
  for (const [index, { site, terms }] of SITES.entries()) {
    it(`${site}: opens from the sidebar, sends, and the dealer's reply appears on the page`, { timeout: 90_000 }, async () => {
      const context = await browser.newContext({ viewport: DESKTOP, extraHTTPHeaders: { "cf-connecting-ip": `192.0.2.77-chat-${randomUUID().slice(0, 8)}` } });
      const page = await context.newPage();
      const errors = watchConsole(page, OFFLINE_EMBEDS);
      const chatCode: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("InstantChat")) chatCode.push(request.url());
      });
      const car = CARS[index];
      await page.goto(siteUrl(site, `/cars/${car?.slug}`), { waitUntil: "domcontentloaded" });
      await waitForHydration(page);
      // Nothing of the chat is downloaded until the shopper reaches for it.
      expect(chatCode).toEqual([]);

      const chat = page.locator("#slot-chat");
      await chat.scrollIntoViewIfNeeded();
      await chat.getByRole("button", { name: "Start a chat" }).click();
      await chat.getByLabel("Name", { exact: true }).fill("Jo Chat");
      expect(chatCode.length).toBeGreaterThan(0);
      await chat.getByLabel("Email", { exact: true }).fill(`chat-${randomUUID()}@example.com`);
      await chat.getByLabel("Phone", { exact: true }).fill("0412 345 678");
      await chat.getByLabel("Your message").fill("Is it still available?");
      if (terms) await chat.getByLabel("I agree to the terms of use").check();
      const opened = page.waitForResponse((response) => response.url().endsWith("/api/leads/chat") && response.request().method() === "POST");
      await chat.getByRole("button", { name: "Send" }).click();
      const answer = await opened;
      expect(answer.status()).toBe(201);
      const { lead_id: leadId } = (await answer.json()) as { lead_id: number };
      const log = chat.getByRole("log", { name: "Chat messages" });
      await log.getByText("Is it still available?").waitFor();

      // The dealership answers (its API, as its inbox would); the page picks the reply up by itself.
      const reply = `Yes, it is here today (${randomUUID().slice(0, 6)}).`;
      const sent = await fetchSite(site, `/api/leads/${leadId}/replies`, {
        method: "POST",
        headers: { authorization: `Bearer write-${car?.dealership}`, "content-type": "application/json" },
        body: JSON.stringify({ message: reply }),
      });
      expect(sent.status).toBe(201);
      await log.getByText(reply).waitFor({ timeout: 30_000 });
      expect(await chat.getByLabel("Your reply").count()).toBe(1);
      expect(await axeViolations(page, ["#slot-chat"])).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
