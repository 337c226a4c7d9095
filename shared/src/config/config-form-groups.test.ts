import { describe, expect, it } from "vitest";
import { configFormFields, overrideFromForm } from "./config-form";

describe("the config form's optional groups", () => {
  it("edits a group that may be absent as one JSON field, empty meaning none", () => {
    const range = configFormFields.find((field) => field.path === "finance.comparisonRateRange");
    expect(range).toMatchObject({ kind: "json", nullable: true });
    expect(configFormFields.some((field) => field.path === "finance.comparisonRateRange.from")).toBe(false);
    expect(overrideFromForm({ "finance.comparisonRateRange": "" }, {}).ok).toBe(true);
    const set = overrideFromForm({ "finance.comparisonRateRange": '{"from":8.38,"to":19.42}' }, {});
    expect(set.ok && set.override).toMatchObject({ finance: { comparisonRateRange: { from: 8.38, to: 19.42 } } });
  });
});
