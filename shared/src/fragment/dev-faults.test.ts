import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cronOnDemand, devFragmentDelayMs, devStoreFailShare, isLocalDev, LOCAL_DEV_VAR } from "./dev-faults";

describe("the dev-only fault switch", () => {
  it("delays only the named remote, and only in development", () => {
    expect(devFragmentDelayMs("mf-finance=delay:4000", "mf-finance", true)).toBe(4000);
    expect(devFragmentDelayMs("mf-search=delay:10, mf-finance=delay:20", "mf-finance", true)).toBe(20);
    expect(devFragmentDelayMs("mf-finance=delay:4000", "mf-search", true)).toBe(0);
    expect(devFragmentDelayMs("mf-finance=delay:4000", "mf-finance", false)).toBe(0);
  });

  it("ignores what it cannot read and caps the delay", () => {
    expect(devFragmentDelayMs("mf-finance=slow", "mf-finance", true)).toBe(0);
    expect(devFragmentDelayMs(undefined, "mf-finance", true)).toBe(0);
    expect(devFragmentDelayMs("mf-finance=delay:99999", "mf-finance", true)).toBe(30_000);
  });

  it("is on only where the Worker's env says LOCAL_DEV=on (only .dev.vars does)", () => {
    expect(isLocalDev({ LOCAL_DEV: "on" })).toBe(true);
    expect(isLocalDev({})).toBe(false);
    expect(isLocalDev({ LOCAL_DEV: "true" })).toBe(false);
  });

  it("fails a share of store writes only of the named remote, only in development", () => {
    expect(devStoreFailShare("mf-forms=store-fail:10", "mf-forms", true)).toBe(0.1);
    expect(devStoreFailShare("mf-finance=delay:4000, mf-forms=store-fail:250", "mf-forms", true)).toBe(1);
    expect(devStoreFailShare("mf-forms=store-fail:10", "mf-forms", false)).toBe(0);
    expect(devStoreFailShare("mf-forms=store-fail:10", "mf-search", true)).toBe(0);
    expect(devFragmentDelayMs("mf-forms=store-fail:10", "mf-forms", true)).toBe(0);
  });

  it("no deployable Worker config sets LOCAL_DEV (a production config cannot turn the switches on)", () => {
    const root = new URL("../../../", import.meta.url);
    const configs = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules")
      .flatMap((entry) => readdirSync(new URL(`${entry.name}/`, root)).filter((name) => /^wrangler.*\.(jsonc?|toml)$/.test(name)).map((name) => new URL(`${entry.name}/${name}`, root)));
    expect(configs.length).toBeGreaterThanOrEqual(6);
    for (const config of configs) expect(readFileSync(config, "utf8"), config.pathname).not.toContain(LOCAL_DEV_VAR);
  });
});

describe("cronOnDemand", () => {
  it("runs the remote's cron in a local session and is not found anywhere else, running nothing", async () => {
    const ran: string[] = [];
    const run = async (cron: string) => {
      ran.push(cron);
    };
    const local = await cronOnDemand({ LOCAL_DEV: "on" }, "5 * * * *", run);
    expect([local.status, await local.text()]).toEqual([200, "Ran scheduled event"]);
    for (const env of [{}, { LOCAL_DEV: "off" }]) expect((await cronOnDemand(env, "5 * * * *", run)).status).toBe(404);
    expect(ran).toEqual(["5 * * * *"]);
  });
});
