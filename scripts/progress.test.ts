import { afterEach, describe, expect, it, vi } from "vitest";
import { pendingMigrations } from "./d1";
import { withProgress } from "./progress";

afterEach(() => {
  vi.useRealTimers();
});

describe("npm start's progress on long steps (issue 33)", () => {
  it("prints a line every 15 s while a step runs, and none after it ends", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let finish: (value: string) => void = () => undefined;
    const step = withProgress("applying migrations", new Promise<string>((resolve) => (finish = resolve)), 15_000, (line) => lines.push(line));
    await vi.advanceTimersByTimeAsync(31_000);
    expect(lines).toEqual(["  … still applying migrations (15 s)", "  … still applying migrations (30 s)"]);
    finish("done");
    expect(await step).toBe("done");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toHaveLength(2);
  });

  it("names the migrations not applied yet, in order", () => {
    expect(pendingMigrations(["0002_b.sql", "0001_a.sql", "0003_c.sql", "README.md"], ["0001_a.sql"])).toEqual(["0002_b.sql", "0003_c.sql"]);
    expect(pendingMigrations(["0001_a.sql"], ["0001_a.sql"])).toEqual([]);
  });
});
