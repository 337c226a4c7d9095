import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFromOutbox, newClient, newMobile } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

const SITE = "harbour-city-motors";

describe("sign-in by phone in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a gated page sends the shopper to sign-in; the texted code signs them in and brings them back", { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ extraHTTPHeaders: newClient() });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, "/my-garage"));
    const signInUrl = new URL(page.url());
    expect(signInUrl.pathname).toBe("/sign-in");
    expect(Object.fromEntries(signInUrl.searchParams)).toEqual({ type: "garage", redirect: "/my-garage", back: "/my-garage" });
    await waitForHydration(page);
    expect(await page.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/my-garage");
    expect(await axeViolations(page)).toEqual([]);

    const phone = newMobile();
    await page.getByLabel("Mobile number").fill(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
    await page.getByRole("button", { name: "Text me a code" }).click();
    await page.getByLabel("Code").waitFor();
    expect(new URL(page.url()).searchParams.get("step")).toBe("code");

    // A wrong code first: the page says so and keeps the step.
    const code = await codeFromOutbox(SITE, phone);
    await page.getByLabel("Code").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("That code is not right");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(siteUrl(SITE, "/my-garage"));
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My garage");
    expect(await page.getByText(`Signed in as ${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}.`).count()).toBe(1);
    // The header rendered signed in on the server (no flash): My garage, not Sign in.
    expect(await page.locator(".shell-header__account").textContent()).toBe("My garage");
    expect(await axeViolations(page)).toEqual([]);

    // Chromium keeps a Secure __Host- cookie from http://*.localhost (a secure context): the same attributes as production.
    const [cookie] = (await context.cookies(siteUrl(SITE))).filter((c) => c.name === "__Host-session");
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/", domain: `${SITE}.localhost` });
    // A __Host- cookie belongs to its host: another dealer's site never receives it.
    expect((await context.cookies(siteUrl("summit-auto-group"))).some((c) => c.name === "__Host-session")).toBe(false);
    await page.goto(siteUrl("summit-auto-group", "/"));
    expect(await page.locator(".shell-header__account").textContent()).toBe("Sign in");

    await page.goto(siteUrl(SITE, "/my-garage"));
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(siteUrl(SITE, "/"));
    expect(await page.locator(".shell-header__account").textContent()).toBe("Sign in");
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(["harbour-city-motors", "summit-auto-group"])(
    "on %s, the header's Sign in returns to the address as it is when clicked (a search sorted since the server rendered it)",
    { timeout: 60_000 },
    async (site) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = watchConsole(page);
      await page.goto(siteUrl(site, "/search?utm_source=newsletter"));
      await waitForHydration(page);
      // The server's markup names the path alone (ADR 0118): the page is one document whatever its query.
      expect(new URL((await page.locator(".shell-header__account").getAttribute("href")) ?? "", siteUrl(site)).searchParams.get("redirect")).toBe("/search");
      await page.getByLabel("Sort by").selectOption("Car_production:price:desc");
      await expect.poll(() => new URL(page.url()).searchParams.get("sortBy")).toBe("Car_production:price:desc");
      const here = new URL(page.url());
      await page.locator(".shell-header__account").click();
      await page.waitForURL((url) => url.pathname === "/sign-in");
      const signIn = new URL(page.url()).searchParams;
      expect(signIn.get("redirect")).toBe(here.pathname + here.search);
      expect(signIn.get("back")).toBe(here.pathname + here.search);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it("works without JavaScript", { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: newClient() });
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, "/sign-in?type=watchlist&redirect=%2Fsearch&back=%2Fsearch"));
    const phone = newMobile();
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Text me a code" }).click();
    await page.getByLabel("Code").fill(await codeFromOutbox(SITE, phone));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(siteUrl(SITE, "/search"));
    expect(await page.locator(".shell-header__account").textContent()).toBe("My garage");
    await context.close();
  });
});
