import { describe, expect, it } from "vitest";
import { overrideFromForm, resolvedSettings } from "./config-form";
import { BUTTON_SET, editLinkRows, LINK_LIST, LINK_MESSAGES, type LinkRow, linkRowsFromForm, linkRowsOf, linkRowsToForm, parseRowEdit, rowPathWords, rowsMarker, rowsToFields } from "./config-rows";
import { defaultSiteConfig } from "./defaults";

const menu: LinkRow[] = [
  { label: "Home", href: "/", children: null },
  { label: "Service", href: "/service", children: [{ label: "Book", href: "/service", children: null }, { label: "Parts", href: "/parts", children: null }] },
  { label: "Finance", href: "/finance", children: null },
];
const stored = { navigation: { links: [{ label: "Home", href: "/" }, { label: "Service", href: "/service", children: [{ label: "Book", href: "/service" }, { label: "Parts", href: "/parts" }] }, { label: "Finance", href: "/finance" }] } };

describe("link rows", () => {
  it("round-trip through the form's fields", () => {
    expect(linkRowsOf(stored.navigation.links)).toEqual(menu);
    expect(linkRowsFromForm(linkRowsToForm(LINK_LIST, menu), LINK_LIST)).toEqual(menu);
    expect(linkRowsFromForm({}, LINK_LIST)).toBeNull();
    expect(linkRowsFromForm({ [rowsMarker(LINK_LIST)]: "1" }, LINK_LIST)).toEqual([]);
  });

  it("are added, removed and moved with every typed value kept, a menu's rows too", () => {
    const add = parseRowEdit(`${LINK_LIST}:add`);
    expect(add).toEqual({ list: LINK_LIST, index: null, action: "add" });
    expect(editLinkRows(menu, LINK_LIST, add!).at(-1)).toEqual({ label: "", href: "", children: null });
    expect(editLinkRows(menu, LINK_LIST, parseRowEdit(`${LINK_LIST}.2:up`)!).map((row) => row.label)).toEqual(["Home", "Finance", "Service"]);
    expect(editLinkRows(menu, LINK_LIST, parseRowEdit(`${LINK_LIST}.0:up`)!)).toEqual(menu);
    expect(editLinkRows(menu, LINK_LIST, parseRowEdit(`${LINK_LIST}.0:remove`)!).map((row) => row.label)).toEqual(["Service", "Finance"]);
    const moved = editLinkRows(menu, LINK_LIST, parseRowEdit(`${LINK_LIST}.1.children.0:down`)!);
    expect(moved[1]?.children?.map((row) => row.label)).toEqual(["Parts", "Book"]);
    expect(editLinkRows(menu, LINK_LIST, parseRowEdit(`${LINK_LIST}.2.children:add`)!)[2]?.children).toEqual([{ label: "", href: "", children: null }]);
    for (const bad of ["", "navigation.links:up", "navigation.links.1:add", "x:drop", `${LINK_LIST}.1:explode`]) expect(parseRowEdit(bad), bad).toBeNull();
  });

  it("publish as the setting's JSON; an unchanged list changes nothing", () => {
    const form = { ...linkRowsToForm(LINK_LIST, menu), "labels.soldLabel": "GONE" };
    const { fields, errors } = rowsToFields(form, resolvedSettings(stored));
    expect(errors).toEqual({});
    expect(overrideFromForm(fields, stored)).toEqual({ ok: true, override: { ...stored, labels: { soldLabel: "GONE" } } });
    const changed = rowsToFields(linkRowsToForm(LINK_LIST, editLinkRows(menu, LINK_LIST, parseRowEdit(`${LINK_LIST}.1.children.1:remove`)!)), resolvedSettings(stored));
    expect(overrideFromForm(changed.fields, stored)).toMatchObject({ ok: true, override: { navigation: { links: [{}, { children: [{ label: "Book", href: "/service" }] }, {}] } } });
  });

  it("name each row's problem beside its input, in plain words", () => {
    const rows: LinkRow[] = [
      { label: "", href: "/ok", children: null },
      { label: "Bad", href: "javascript:alert(1)", children: [{ label: "Menu", href: "//elsewhere.example", children: null }] },
      { label: "", href: "", children: null },
      { label: " Call ", href: "tel:+61 7 5555 0100", children: null },
    ];
    const { errors } = rowsToFields(linkRowsToForm(LINK_LIST, rows), resolvedSettings({}));
    expect(errors).toEqual({
      "navigation.links.0.label": [LINK_MESSAGES.label],
      "navigation.links.1.href": [LINK_MESSAGES.href],
      "navigation.links.1.children.0.href": [LINK_MESSAGES.href],
      "navigation.links.2.label": [LINK_MESSAGES.empty],
    });
    expect(rowPathWords("navigation.links.1.children.0.href")).toBe("navigation links: link 2, its menu's link 1, where it goes");
    // The schema's own limits still apply to the JSON the rows become, under the same paths.
    const long = rowsToFields(linkRowsToForm(LINK_LIST, [{ label: "L".repeat(101), href: "/x", children: null }]), resolvedSettings({}));
    const result = overrideFromForm(long.fields, {});
    expect(result.ok || result.fieldErrors).toEqual({ "navigation.links.0.label": [expect.stringMatching(/at most 100 characters/)] });
  });
});

describe("the button set", () => {
  it("is ticked boxes, kept in the stored order while the set is the same", () => {
    const boxes = (kinds: string[]) => ({ [rowsMarker(BUTTON_SET)]: "1", ...Object.fromEntries(kinds.map((kind) => [`${BUTTON_SET}.${kind}`, "on"])) });
    const current = { vehicle: { buttonSet: ["finance", "enquire"] } } as const;
    expect(rowsToFields(boxes(["enquire", "finance"]), resolvedSettings(current)).fields[BUTTON_SET]).toBe('["finance","enquire"]');
    expect(rowsToFields(boxes(["enquire", "reserve"]), resolvedSettings(current)).fields[BUTTON_SET]).toBe('["enquire","reserve"]');
    expect(rowsToFields(boxes([]), resolvedSettings(current)).fields[BUTTON_SET]).toBe("[]");
    expect(rowsToFields({}, resolvedSettings(current)).fields[BUTTON_SET]).toBeUndefined();
    expect(overrideFromForm(rowsToFields(boxes([...defaultSiteConfig.vehicle.buttonSet]), resolvedSettings(current)).fields, current)).toEqual({ ok: true, override: {} });
  });
});
