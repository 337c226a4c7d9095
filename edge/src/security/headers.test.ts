import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./headers";

describe("content security policy", () => {
  it("lets pages connect to their own host only, plus the search hosts when search runs on Algolia", () => {
    expect(contentSecurityPolicy("n")).toContain("connect-src 'self';");
    expect(contentSecurityPolicy("n", ["http://127.0.0.1:8830", "https://APP-dsn.algolia.net"])).toContain(
      "connect-src 'self' http://127.0.0.1:8830 https://APP-dsn.algolia.net;",
    );
  });
});
