import { describe, expect, it } from "vitest";
import { countsOf, type Report } from "./test-report";

const file = (name: string, status: string, tests: string[]) => ({ name, status, assertionResults: tests.map((outcome) => ({ status: outcome })) });

describe("npm test's count of a vitest report", () => {
  it("counts each test, a file that failed to load as one failure, and leaves out the files named", () => {
    const report: Report = { success: false, testResults: [file("/a.test.ts", "passed", ["passed", "passed"]), file("/b.test.ts", "failed", ["passed", "failed"]), file("/c.test.ts", "failed", [])] };
    expect(countsOf(report)).toEqual({ passed: 3, failed: 2 });
    expect(countsOf(report, new Set(["/b.test.ts", "/c.test.ts"]))).toEqual({ passed: 2, failed: 0 });
  });

  it("counts an error outside every test as a failure when every file passed", () => {
    expect(countsOf({ success: false, testResults: [file("/a.test.ts", "passed", ["passed"])] })).toEqual({ passed: 1, failed: 1 });
    expect(countsOf({ success: true, testResults: [file("/a.test.ts", "passed", ["passed", "skipped"])] })).toEqual({ passed: 1, failed: 0 });
  });
});
