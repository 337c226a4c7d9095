import { describe, expect, it } from "vitest";
import { calibratedSlowdown, scriptLabel } from "./lighthouse";

describe("scriptLabel", () => {
  it("names a long task's script by its build file, without the content hash", () => {
    expect(scriptLabel("http://a.localhost:8787/_shell/abc123/framework.590ef4d1.js")).toBe("shell framework.js");
    expect(scriptLabel("http://a.localhost:8787/_mf/mf-search/0f0f0f0f0f0f/remoteEntry.js")).toBe("mf-search remoteEntry.js");
    expect(scriptLabel("http://a.localhost:8787/_mf/mf-vehicle/0f0f0f0f0f0f/412.1234abcd.js")).toBe("mf-vehicle 412.js");
  });

  it("puts the page's own work (HTML, inline scripts, layout) under the page", () => {
    expect(scriptLabel("http://a.localhost:8787/search")).toBe("page (HTML, inline scripts, style and layout)");
    expect(scriptLabel("")).toBe("unattributed");
  });
});

describe("calibratedSlowdown", () => {
  it("slows a fast host to act as the target benchmark under Lighthouse's 4x, and never below 4x", () => {
    expect(calibratedSlowdown(2500, 1250)).toBe(8);
    expect(calibratedSlowdown(2800, 1250)).toBe(9);
    expect(calibratedSlowdown(1000, 1250)).toBe(4);
  });
});
