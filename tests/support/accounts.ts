import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { fetchSite } from "./platform";

/** A fresh mobile number per test (the per-number limits never carry over between runs). */
export const newMobile = () => `04${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
/** A fresh client address (the per-client limits key on it; locally the gateway passes the header through). */
export const newClient = () => ({ "cf-connecting-ip": `198.18.${randomInt(0, 255)}.${randomInt(1, 255)}-${randomUUID().slice(0, 8)}` });

export function postJson(site: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchSite(site, path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

/** The newest code the local SMS outbox holds for that number on that site. */
export async function codeFromOutbox(site: string, phone: string): Promise<string> {
  const response = await fetchSite(site, `/api/auth/sms-outbox?phone=${encodeURIComponent(phone)}`);
  expect(response.status).toBe(200);
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  const code = /^(\d{6}) is your /.exec(messages[0]?.body ?? "")?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone} on ${site}`);
  return code;
}

/** Signs in by the API, as the sign-in page's script-less forms would; returns the Cookie header to send. */
export async function signIn(site: string, phone = newMobile(), client = newClient()): Promise<{ cookie: string; phone: string; setCookie: string }> {
  expect((await postJson(site, "/api/auth/request-code", { phone }, client)).status).toBe(200);
  const verified = await postJson(site, "/api/auth/verify", { phone, code: await codeFromOutbox(site, phone) }, client);
  expect(verified.status).toBe(200);
  const setCookie = verified.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0] ?? "";
  expect(cookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43}$/);
  return { cookie, phone, setCookie };
}

/** The mail the local e-mail outbox holds for that address on that site, newest first. */
export async function emailOutbox(site: string, email: string): Promise<{ subject: string; body: string }[]> {
  const response = await fetchSite(site, `/api/auth/email-outbox?email=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: { subject: string; body: string }[] }).messages;
}

/** The newest code e-mailed to that address to confirm it (ADR 0027). */
export async function codeFromEmailOutbox(site: string, email: string): Promise<string> {
  const code = /^(\d{6}) is your /.exec((await emailOutbox(site, email))[0]?.subject ?? "")?.[1];
  if (!code) throw new Error(`no code in the e-mail outbox for ${email} on ${site}`);
  return code;
}

/** On the sign-in page a gated page sent the browser to: a fresh number, the texted code, back to `returnTo`. */
export async function signInOnPage(page: Page, site: string, returnTo: string): Promise<string> {
  const phone = newMobile();
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Text me a code" }).click();
  // The code field shows once the text has gone (a click before the page's code arrives is sent when it has).
  const codeField = page.getByLabel("Code");
  await codeField.waitFor();
  await codeField.fill(await codeFromOutbox(site, phone));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(returnTo);
  return phone;
}
