import { describe, expect, it } from "vitest";
import { configFormFields, fieldText, fieldValue, overrideErrors, overrideFromForm, resolvedSettings } from "./config-form";
import { COLOUR_MESSAGE } from "./config-messages";
import { defaultSiteConfig } from "./defaults";

const field = (path: string) => {
  const found = configFormFields.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no field ${path}`);
  return found;
};

describe("configFormFields", () => {
  it("has one typed field per leaf setting with its default", () => {
    expect(field("theme.primary")).toMatchObject({ kind: "text", nullable: false, defaultValue: defaultSiteConfig.theme.primary });
    expect(field("theme.logoText")).toMatchObject({ kind: "text", nullable: true, defaultValue: null });
    expect(field("features.garage")).toMatchObject({ kind: "boolean", defaultValue: false });
    expect(field("finance.provider")).toMatchObject({ kind: "choice", defaultValue: "manual" });
    expect(field("finance.provider").options).toContain("finance360");
    expect(field("finance.calculator.priceMax")).toMatchObject({ kind: "number", defaultValue: 250000 });
    expect(field("navigation.links")).toMatchObject({ kind: "json" });
    expect(field("reserve.processor.name")).toMatchObject({ kind: "choice", nullable: true });
  });
});

describe("overrideFromForm", () => {
  it("keeps only what differs from the default", () => {
    const result = overrideFromForm({ "theme.primary": "#112233", "labels.soldLabel": defaultSiteConfig.labels.soldLabel, "features.garage": "true" }, {});
    expect(result).toEqual({ ok: true, override: { theme: { primary: "#112233" }, features: { garage: true } } });
  });

  it("keeps the current override's value for a field the form left out", () => {
    const result = overrideFromForm({ "theme.primary": "#112233" }, { labels: { soldLabel: "GONE" } });
    expect(result.ok && result.override).toEqual({ theme: { primary: "#112233" }, labels: { soldLabel: "GONE" } });
  });

  it("names every bad field at once, a JSON mistake beside the schema's problems, in plain words", () => {
    const result = overrideFromForm({ "theme.primary": "blue", "search.hitsPerPage": "lots", "navigation.links": "[{", "labels.soldLabel": "SOLD" }, {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["navigation.links", "search.hitsPerPage", "theme.primary"]);
    expect(result.fieldErrors["theme.primary"]).toEqual([COLOUR_MESSAGE]);
    expect(result.fieldErrors["navigation.links"]?.[0]).toMatch(/not valid JSON/);
    for (const messages of Object.values(result.fieldErrors)) for (const message of messages) expect(message).not.toMatch(/pattern|\/\^|Invalid input|expected/);
  });

  it("publishing the form unchanged changes nothing, an entry equal to the default included (Harbour's theme.text)", () => {
    const stored = { theme: { primary: "#0b5e7e", text: defaultSiteConfig.theme.text, logoText: "Harbour City Motors" }, labels: { soldLabel: "GONE" } };
    const resolved = resolvedSettings(stored);
    const form = Object.fromEntries(configFormFields.map((each) => [each.path, fieldText(each, fieldValue(each, resolved))]));
    expect(overrideFromForm(form, stored)).toEqual({ ok: true, override: stored });
    // One field changed: only it changes.
    expect(overrideFromForm({ ...form, "labels.soldLabel": "SOLD OUT" }, stored)).toEqual({ ok: true, override: { ...stored, labels: { soldLabel: "SOLD OUT" } } });
  });

  it("reads an empty nullable field as null", () => {
    const result = overrideFromForm({ "theme.logoText": "" }, { theme: { logoText: "Harbour" } });
    expect(result).toEqual({ ok: true, override: {} });
  });
});

describe("overrideErrors", () => {
  it("names an unknown setting by its path", () => {
    expect(overrideErrors({ theme: { primry: "#000000" } })).toEqual({ "theme.primry": ["Unknown setting."] });
  });
});

describe("fieldText and fieldValue", () => {
  it("shows the resolved value, JSON for compound ones", () => {
    expect(fieldText(field("navigation.phones"), fieldValue(field("navigation.phones"), resolvedSettings({ navigation: { phones: [{ label: "Sales", number: "1" }] } })))).toBe('[{"label":"Sales","number":"1"}]');
    expect(fieldText(field("theme.logoText"), null)).toBe("");
  });
});
