import { describe, expect, it } from "vitest";
import { loadSubmission } from "./load-submission";

describe("loadSubmission", () => {
  it("loads the zod validation and the POST once", async () => {
    const first = loadSubmission();
    expect(loadSubmission()).toBe(first);
    const submission = await first;
    expect(typeof submission.submitLead).toBe("function");
    expect(typeof submission.zodResolver).toBe("function");
    expect(typeof submission.leadFormValuesSchema).toBe("function");
  });
});
