import { describe, expect, it } from "vitest";
import { calibratedSlowdown, longTasksByScript, scriptLabel } from "./lighthouse";

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

describe("longTasksByScript", () => {
  it("sums each script's tasks and the part of them past 50 ms after the first paint, which is what TBT counts", () => {
    const page = "http://a.localhost:8787/cars/x";
    const main = "http://a.localhost:8787/_shell/abc123/main.1d2efd2d.js";
    const tasks = longTasksByScript(
      [
        { url: page, startTime: 100, duration: 300 }, // ends before the paint at 1,000: blocks nothing
        { url: page, startTime: 900, duration: 200 }, // 100 ms of it after the paint: 50 blocking
        { url: main, startTime: 1200, duration: 120 }, // all after: 70 blocking
        { url: main, startTime: 1400, duration: 60 }, // 10 blocking
      ],
      1000,
    );
    expect(tasks).toEqual([
      { script: "shell main.js", ms: 180, count: 2, blockingMs: 80 },
      { script: "page (HTML, inline scripts, style and layout)", ms: 500, count: 2, blockingMs: 50 },
    ]);
  });
});
