import { describe, expect, it } from "vitest";
import { loadSubmission } from "./load-submission";

describe("loadSubmission", () => {
  it("loads the form library chunk once", async () => {
    const first = loadSubmission();
    expect(loadSubmission()).toBe(first);
    expect(typeof (await first).enhanceLeadForm).toBe("function");
  });
});
