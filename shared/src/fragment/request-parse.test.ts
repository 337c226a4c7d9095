import { describe, expect, it } from "vitest";
import { anonymousSession } from "../atoms";
import { resolveSiteConfig } from "../config/resolve";
import { parseFragmentRequest } from "./request-parse";

const request = (config: unknown, slot = "vehicle") =>
  JSON.parse(
    JSON.stringify({ site: { slug: "s", name: "S", template: "car-dealer" }, config, session: anonymousSession, slot, path: "/cars/x", origin: "http://s.localhost", params: { slug: "x" }, hydrate: "load" }),
  ) as unknown;

describe("parseFragmentRequest", () => {
  const config = resolveSiteConfig("s");

  it("parses a request and shares the config parsed for the same text with the next request", () => {
    const first = parseFragmentRequest(request(config, "vehicle"));
    const second = parseFragmentRequest(request(config, "similar"));
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.data.slot).toBe("similar");
    expect(second.data.config).toBe(first.data.config);
    expect(Object.isFrozen(second.data.config.finance)).toBe(true);
  });

  it("sees a changed config at once: new text is parsed anew", () => {
    const before = parseFragmentRequest(request(config));
    const changed = parseFragmentRequest(request({ ...config, finance: { ...config.finance, defaultInterestRate: 4.25 } }));
    expect(before.ok && changed.ok).toBe(true);
    if (!before.ok || !changed.ok) return;
    expect(changed.data.config.finance.defaultInterestRate).toBe(4.25);
    expect(before.data.config.finance.defaultInterestRate).not.toBe(4.25);
  });

  it("still checks the rest of a request whose config is known, and never keeps an invalid config", () => {
    parseFragmentRequest(request(config));
    const badSlot = parseFragmentRequest(request(config, "Not A Slot"));
    expect(badSlot.ok).toBe(false);
    if (!badSlot.ok) expect(Object.keys(badSlot.fieldErrors)).toEqual(["slot"]);
    const badConfig = { ...config, finance: { ...config.finance, defaultInterestRate: "high" } };
    for (let i = 0; i < 2; i++) {
      const parsed = parseFragmentRequest(request(badConfig));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(Object.keys(parsed.fieldErrors)).toContain("config.finance.defaultInterestRate");
    }
  });
});
