/** A vitest run's JSON report (`--reporter=json`): each file's tests by outcome. */
export type Report = {
  success: boolean;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
};
export type Counts = { passed: number; failed: number };

/**
 * A report's checks (each test is one), leaving out the files named (npm test counts a file's second run instead,
 * ADR 0092). A file that fails to load has no failed test, and an error outside every test fails a run whose files
 * all passed: each counts as one failure, so such a run cannot look green.
 */
export function countsOf(report: Report, without: ReadonlySet<string> = new Set()): Counts {
  const files = report.testResults.filter((file) => !without.has(file.name));
  const tests = files.flatMap((file) => file.assertionResults);
  const passed = tests.filter((test) => test.status === "passed").length;
  const failed = tests.filter((test) => test.status === "failed").length;
  const unloaded = files.filter((file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed")).length;
  const unhandled = !report.success && report.testResults.every((file) => file.status !== "failed") ? 1 : 0;
  return { passed, failed: failed + unloaded + unhandled };
}
