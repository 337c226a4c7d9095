import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { demoStaffAdminEmail } from "../../db/demo/seed-sql";
import { emailOutbox, newClient } from "./accounts";
import { axeViolations } from "./axe";
import { query } from "./db";
import { DEMO_OPERATOR_KEY } from "./operator";
import { fetchSite, launchChromium, siteUrl } from "./platform";

export { demoStaffAdminEmail };
/** The demo operator key (seeded as a hash like every key, ADR 0043). */
export const OPERATOR_KEY = DEMO_OPERATOR_KEY;
export const newStaffEmail = (role: string) => `${role}-${randomUUID().slice(0, 8)}@staff.example`;

/** A same-site form post to a dealer page, as the page's own form sends it. */
export function postDealerForm(site: string, path: string, fields: Record<string, string>, cookie = "", client = newClient()) {
  return fetchSite(site, path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl(site, "").replace(/\/$/, ""), ...(cookie ? { cookie } : {}), ...client },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The newest staff sign-in code e-mailed to that address (the local outbox). */
export async function staffCodeFromOutbox(site: string, email: string): Promise<string> {
  const code = /sign in to .* is (\d{6})\./.exec((await emailOutbox(site, email))[0]?.body ?? "")?.[1];
  if (!code) throw new Error(`no staff code in the e-mail outbox for ${email} on ${site}`);
  return code;
}

/** Signs a staff member in by their e-mailed code; returns the Cookie header to send. */
export async function staffSignIn(site: string, email: string, client = newClient()): Promise<string> {
  expect((await postDealerForm(site, "/dealer/sign-in", { email }, "", client)).status).toBe(200);
  const verified = await postDealerForm(site, "/dealer/sign-in/verify", { email, code: await staffCodeFromOutbox(site, email) }, "", client);
  expect(verified.status).toBe(303);
  const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  expect(cookie).toMatch(/^__Host-staff=[A-Za-z0-9_-]{43}$/);
  return cookie;
}

/** The operator invites a staff member to a dealership of the site. */
export function inviteByOperator(site: string, invitation: Record<string, unknown>, key = OPERATOR_KEY) {
  return fetchSite(site, "/api/staff/invitations", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(invitation) });
}

/**
 * A new staff member of that dealership in that role, signed in. Tests that only need someone at the dealership use
 * this rather than the demo admin: codes to one address are limited to 5 an hour, and the suite signs in many times.
 */
export async function signedInStaff(site: string, dealership: string, role: "admin" | "salesperson" | "read-only"): Promise<{ email: string; cookie: string }> {
  const email = newStaffEmail(role);
  expect((await inviteByOperator(site, { dealership, email, role })).status).toBe(201);
  return { email, cookie: await staffSignIn(site, email) };
}

/** A salesperson's inbox page once it lists the lead sent from this address, its apostrophes and ampersands read back as text. */
export async function inboxWith(site: string, dealership: string, email: string): Promise<string> {
  const { cookie } = await signedInStaff(site, dealership, "salesperson");
  let html = "";
  await expect
    .poll(
      async () => {
        html = await (await fetchSite(site, "/dealer/leads", { headers: { cookie } })).text();
        return html.includes(email);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return html.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
}

/** Signs a staff member in on the dealer pages in a browser, as they would: the e-mailed code, then the leads page. */
export async function staffSignInOnPage(page: Page, site: string, email: string): Promise<void> {
  await page.goto(siteUrl(site, "/dealer/leads"));
  expect(new URL(page.url()).pathname).toBe("/dealer/sign-in");
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me a code" }).click();
  await page.getByLabel("Code from the e-mail").fill(await staffCodeFromOutbox(site, email));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: /^Leads for / }).waitFor();
}

/** The dealer console's browser tests run on a single dealer and on a group, at a phone's width. */
export const CONSOLE_SITES = [
  { site: "harbour-city-motors", group: false },
  { site: "summit-auto-group", group: true },
] as const;
export const PHONE = { width: 390, height: 844 };

/** A freshly invited staff member of that dealership, signed in on a phone-sized page of their own. */
export async function consolePage(
  browser: Browser,
  site: string,
  dealership: string,
  role: "admin" | "salesperson" | "read-only",
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; email: string }> {
  // A fresh address each run: codes to one address are limited to 5 an hour.
  const email = newStaffEmail(role);
  expect((await inviteByOperator(site, { dealership, email, role })).status).toBe(201);
  const context = await browser.newContext({ extraHTTPHeaders: newClient(), viewport: options.viewport ?? PHONE });
  const page = await context.newPage();
  await staffSignInOnPage(page, site, email);
  return { page, email };
}

/** A console page passes axe (WCAG 2.2 AA) and nothing makes it wider than the phone. */
export async function checkConsolePage(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // Styled by the design system: the console's stylesheet is linked, and the body font is not the browser's serif default.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^(serif|"Times New Roman"|Times)/);
}


/**
 * The console's photo tests' Chromium (launched before the block's tests, closed after) and a folder for the files
 * their file choosers take (removed after): `file` writes one there and answers its path.
 */
export function photoTestBrowser(prefix: string): { browser: () => Browser; file: (name: string, bytes: Buffer | string) => string } {
  let browser: Browser | undefined;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    browser: () => {
      if (!browser) throw new Error("Chromium is not running: call photoTestBrowser inside a describe block");
      return browser;
    },
    file: (name, bytes) => {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      return file;
    },
  };
}

/** The write key of the site's first dealership (the demo's keys are `write-{dealership}`), which stores a test's car. */
export const firstDealershipKey = (site: string) => `write-${query<{ slug: string }>(`SELECT slug FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0]?.slug}`;

/** The photo cards on a console car page, in order, by their refs (the stored photo's hash, else its place). */
export const cardRefs = (page: Page) => page.locator("[data-photo]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-photo")));
