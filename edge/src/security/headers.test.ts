import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { contentSecurityPolicy, securityHeaders } from "./headers";

describe("content security policy", () => {
  it("lets pages connect to their own host only, plus the search hosts when search runs on Algolia", () => {
    expect(contentSecurityPolicy("n")).toContain("connect-src 'self';");
    expect(contentSecurityPolicy("n", ["http://127.0.0.1:8830", "https://APP-dsn.algolia.net"])).toContain(
      "connect-src 'self' http://127.0.0.1:8830 https://APP-dsn.algolia.net;",
    );
  });
});

describe("content security policy and the maps provider (ADR 0050)", () => {
  const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";

  it("a site with a Google Maps key may load Google's script, tiles and fonts", () => {
    const policy = contentSecurityPolicy("n", [], { provider: "google", apiKey: "AIza-demo" });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n' https://maps.googleapis.com https://maps.gstatic.com");
    expect(directive(policy, "img-src")).toContain("https://*.googleapis.com");
    expect(directive(policy, "connect-src")).toContain("https://*.googleapis.com");
    expect(directive(policy, "font-src")).toContain("https://fonts.gstatic.com");
  });

  it("every other site (the platform's map, or Google without a key) allows nothing from Google", () => {
    for (const maps of [undefined, { provider: "static" as const, apiKey: null }, { provider: "google" as const, apiKey: " " }, { provider: "static" as const, apiKey: "AIza-demo" }]) {
      const policy = contentSecurityPolicy("n", [], maps);
      expect(policy).not.toMatch(/google|gstatic/);
      expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n'");
    }
  });
});

describe("the security headers middleware reads the tenant's maps provider", () => {
  const pageOf = (maps: { provider: "static" | "google"; apiKey: string | null }) => {
    const app = new Hono();
    app.use(securityHeaders);
    // As the gateway's tenant middleware does, after the security middleware and before the page.
    app.use(async (c, next) => {
      c.set("tenant" as never, { config: { maps } } as never);
      await next();
    });
    app.get("/dealer-locator", (c) => c.html("<p>page</p>"));
    return app.request("/dealer-locator", {}, {});
  };

  it("a site with a Google key gets Google's script host in its CSP; a site without one does not", async () => {
    const google = (await pageOf({ provider: "google", apiKey: "AIza-demo" })).headers.get("content-security-policy") ?? "";
    expect(google).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/maps\.googleapis\.com https:\/\/maps\.gstatic\.com;/);
    const platform = (await pageOf({ provider: "static", apiKey: null })).headers.get("content-security-policy") ?? "";
    expect(platform).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(platform).not.toContain("google");
  });
});

describe("the security headers middleware and the response it is given", () => {
  const appAnswering = (answer: () => Response) => {
    const app = new Hono();
    app.use(securityHeaders);
    app.get("/", () => answer());
    return app;
  };

  it("adds its headers to a response the gateway made without copying it (its body stays the bytes it was given)", async () => {
    const made = new Response(new TextEncoder().encode("<p>kept page</p>"), { headers: { "content-type": "text/html" } });
    const answered = await appAnswering(() => made).request("/", {}, {});
    expect(answered).toBe(made);
    expect(answered.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
    expect(answered.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers a copy with its headers when the response's own are immutable (a binding's, a redirect)", async () => {
    const answered = await appAnswering(() => Response.redirect("https://example.test/elsewhere", 302)).request("/", {}, {});
    expect(answered.status).toBe(302);
    expect(answered.headers.get("location")).toBe("https://example.test/elsewhere");
    expect(answered.headers.get("x-frame-options")).toBe("DENY");
    expect(answered.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
