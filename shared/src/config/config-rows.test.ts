import { describe, expect, it } from "vitest";
import { overrideFromForm, resolvedSettings } from "./config-form";
import {
  BUTTON_SET,
  editedRowPlace,
  editRows,
  FOOTER_LIST,
  LINK_LIST,
  LINK_MESSAGES,
  PHONE_LIST,
  PROMO_LIST,
  platformBoxName,
  ROW_LISTS,
  ROW_MESSAGES,
  type Row,
  type RowList,
  parseRowEdit,
  rowPathWords,
  rowsFromForm,
  rowsMarker,
  rowsOf,
  rowsToFields,
  rowsToForm,
} from "./config-rows";
import { defaultSiteConfig } from "./defaults";

const specOf = (list: string) => ROW_LISTS.find((spec) => spec.list === list) as RowList;
const LINKS = specOf(LINK_LIST);
type LinkRow = { label: string; href: string; children: LinkRow[] | null };
/** A link as a row: its words and target, and its menu (null: none). */
const link = ({ label, href, children }: LinkRow): Row => ({ values: { label, href }, sub: children ? children.map(link) : null });
const linkRowsToForm = (list: string, rows: LinkRow[]) => rowsToForm(LINKS, list, rows.map(link));
const editLinkRows = (rows: LinkRow[], edit: ReturnType<typeof parseRowEdit>) => editRows(LINKS, rows.map(link), edit!);
const labels = (rows: Row[] | null | undefined) => rows?.map((row) => row.values.label);

const menuLinks: LinkRow[] = [
  { label: "Home", href: "/", children: null },
  { label: "Service", href: "/service", children: [{ label: "Book", href: "/service", children: null }, { label: "Parts", href: "/parts", children: null }] },
  { label: "Finance", href: "/finance", children: null },
];
const menu = menuLinks.map(link);
const stored = { navigation: { links: [{ label: "Home", href: "/" }, { label: "Service", href: "/service", children: [{ label: "Book", href: "/service" }, { label: "Parts", href: "/parts" }] }, { label: "Finance", href: "/finance" }] } };

describe("link rows", () => {
  it("round-trip through the form's fields", () => {
    expect(rowsOf(LINKS, stored.navigation.links)).toEqual(menu);
    expect(rowsFromForm(linkRowsToForm(LINK_LIST, menuLinks), LINKS, LINK_LIST)).toEqual(menu);
    expect(rowsFromForm({}, LINKS, LINK_LIST)).toBeNull();
    expect(rowsFromForm({ [rowsMarker(LINK_LIST)]: "1" }, LINKS, LINK_LIST)).toEqual([]);
  });

  it("are added, removed and moved with every typed value kept, a menu's rows too", () => {
    const add = parseRowEdit(`${LINK_LIST}:add`);
    expect(add).toEqual({ list: LINK_LIST, index: null, action: "add" });
    expect(editLinkRows(menuLinks, add).at(-1)).toEqual({ values: { label: "", href: "" }, sub: null });
    expect(editedRowPlace(LINKS, editLinkRows(menuLinks, add), add!)).toBe(`${LINK_LIST}.3`);
    expect(labels(editLinkRows(menuLinks, parseRowEdit(`${LINK_LIST}.2:up`)))).toEqual(["Home", "Finance", "Service"]);
    expect(editLinkRows(menuLinks, parseRowEdit(`${LINK_LIST}.0:up`))).toEqual(menu);
    expect(labels(editLinkRows(menuLinks, parseRowEdit(`${LINK_LIST}.0:remove`)))).toEqual(["Service", "Finance"]);
    const moved = editLinkRows(menuLinks, parseRowEdit(`${LINK_LIST}.1.children.0:down`));
    expect(labels(moved[1]?.sub)).toEqual(["Parts", "Book"]);
    expect(editLinkRows(menuLinks, parseRowEdit(`${LINK_LIST}.2.children:add`))[2]?.sub).toEqual([{ values: { label: "", href: "" }, sub: null }]);
    for (const bad of ["", "navigation.links:up", "navigation.links.1:add", "x:drop", `${LINK_LIST}.1:explode`]) expect(parseRowEdit(bad), bad).toBeNull();
  });

  it("publish as the setting's JSON; an unchanged list changes nothing", () => {
    const form = { ...linkRowsToForm(LINK_LIST, menuLinks), "labels.soldLabel": "GONE" };
    const { fields, errors } = rowsToFields(form, resolvedSettings(stored));
    expect(errors).toEqual({});
    expect(overrideFromForm(fields, stored)).toEqual({ ok: true, override: { ...stored, labels: { soldLabel: "GONE" } } });
    const changed = rowsToFields(rowsToForm(LINKS, LINK_LIST, editLinkRows(menuLinks, parseRowEdit(`${LINK_LIST}.1.children.1:remove`))), resolvedSettings(stored));
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

describe("footer groups, phone numbers and promo cards", () => {
  const FOOTER = specOf(FOOTER_LIST);
  const PHONES = specOf(PHONE_LIST);
  const PROMOS = specOf(PROMO_LIST);
  const groups = [{ heading: "Buy", links: [{ label: "Used cars", href: "/search/used-cars" }] }, { heading: "Visit", links: [] }];
  const phones = [{ label: "Sales", number: "07 5555 0100" }];
  const cards = [{ position: 5, title: "We Want Your Car", text: "Sell it to us.", href: "/trade-in", itemTypes: ["car", "truck"] }, { position: 0, title: "Finance", text: "", href: "/finance" }];
  const stored = { navigation: { footerGroups: groups, phones }, search: { promoCards: cards } };

  it("round-trip through the form's fields and publish as their settings", () => {
    for (const [spec, value] of [[FOOTER, groups], [PHONES, phones], [PROMOS, cards]] as const) {
      const rows = rowsOf(spec, value);
      expect(rowsFromForm(rowsToForm(spec, spec.list, rows), spec, spec.list), spec.list).toEqual(rows);
    }
    expect(rowsOf(PROMOS, cards)[0]?.values).toEqual({ position: "5", title: "We Want Your Car", text: "Sell it to us.", href: "/trade-in", itemTypes: "car,truck" });
    const form = { ...rowsToForm(FOOTER, FOOTER_LIST, rowsOf(FOOTER, groups)), ...rowsToForm(PHONES, PHONE_LIST, rowsOf(PHONES, phones)), ...rowsToForm(PROMOS, PROMO_LIST, rowsOf(PROMOS, cards)) };
    const unchanged = rowsToFields(form, resolvedSettings(stored));
    expect(unchanged.errors).toEqual({});
    expect(overrideFromForm(unchanged.fields, stored)).toEqual({ ok: true, override: stored });
    // A group added with a link, a number removed, a card's boxes all cleared (every kind of vehicle).
    const added = editRows(FOOTER, rowsOf(FOOTER, groups), parseRowEdit(`${FOOTER_LIST}:add`)!);
    const withLink = editRows(FOOTER, added, parseRowEdit(`${FOOTER_LIST}.2.links:add`)!);
    expect(editedRowPlace(FOOTER, withLink, parseRowEdit(`${FOOTER_LIST}.2.links:add`)!)).toBe(`${FOOTER_LIST}.2.links.0`);
    const edited = {
      ...rowsToForm(FOOTER, FOOTER_LIST, withLink),
      [`${FOOTER_LIST}.2.heading`]: "Help",
      [`${FOOTER_LIST}.2.links.0.label`]: "Contact",
      [`${FOOTER_LIST}.2.links.0.href`]: "/contact",
      ...rowsToForm(PHONES, PHONE_LIST, []),
      ...rowsToForm(PROMOS, PROMO_LIST, rowsOf(PROMOS, cards).map((row) => ({ ...row, values: { ...row.values, itemTypes: "" } }))),
    };
    const result = rowsToFields(edited, resolvedSettings(stored));
    expect(result.errors).toEqual({});
    expect(overrideFromForm(result.fields, stored)).toEqual({
      ok: true,
      override: {
        // No numbers is the platform's default: the override loses its entry.
        navigation: { footerGroups: [...groups, { heading: "Help", links: [{ label: "Contact", href: "/contact" }] }] },
        search: { promoCards: cards.map(({ itemTypes: _, ...card }) => card) },
      },
    });
  });

  it("keep the platform's footer while its box is ticked", () => {
    const form = { ...rowsToForm(FOOTER, FOOTER_LIST, rowsOf(FOOTER, groups)), [platformBoxName(FOOTER_LIST)]: "on" };
    const result = rowsToFields(form, resolvedSettings(stored));
    expect(result.fields[FOOTER_LIST]).toBe("");
    // The platform's footer is the default (null): the override loses its entry.
    expect(overrideFromForm(result.fields, stored)).toEqual({ ok: true, override: { ...stored, navigation: { phones } } });
    expect(overrideFromForm(rowsToFields({ ...rowsToForm(FOOTER, FOOTER_LIST, []), [platformBoxName(FOOTER_LIST)]: "on" }, resolvedSettings({})).fields, {})).toEqual({ ok: true, override: {} });
  });

  it("name each problem beside its input, in plain words", () => {
    const form = {
      ...rowsToForm(FOOTER, FOOTER_LIST, [{ values: { heading: "" }, sub: [{ values: { label: "Bad", href: "javascript:alert(1)" }, sub: null }] }]),
      ...rowsToForm(PHONES, PHONE_LIST, [{ values: { label: "Sales", number: "call us" }, sub: null }, { values: { label: "", number: "" }, sub: null }]),
      ...rowsToForm(PROMOS, PROMO_LIST, [{ values: { position: "101", title: "T", text: "", href: "/x", itemTypes: "" }, sub: null }]),
    };
    expect(rowsToFields(form, resolvedSettings({})).errors).toEqual({
      [`${FOOTER_LIST}.0.heading`]: [ROW_MESSAGES.words],
      [`${FOOTER_LIST}.0.links.0.href`]: [ROW_MESSAGES.target],
      [`${PHONE_LIST}.0.number`]: [ROW_MESSAGES.phone],
      [`${PHONE_LIST}.1.label`]: [ROW_MESSAGES.empty],
      [`${PROMO_LIST}.0.position`]: [ROW_MESSAGES.position],
    });
    expect(rowPathWords(`${FOOTER_LIST}.0.links.0.href`)).toBe("footer groups: group 1, its link 1, where it goes");
    expect(rowPathWords(`${PROMO_LIST}.2.position`)).toBe("promo cards: card 3, place");
    // The schema's own limits apply under the same paths.
    const long = rowsToFields(rowsToForm(PHONES, PHONE_LIST, [{ values: { label: "Sales", number: "0".repeat(31) }, sub: null }]), resolvedSettings({}));
    const result = overrideFromForm(long.fields, {});
    expect(result.ok || result.fieldErrors).toMatchObject({ [`${PHONE_LIST}.0.number`]: [expect.stringMatching(/30 characters/)] });
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
