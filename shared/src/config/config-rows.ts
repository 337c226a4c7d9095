import type { defaultSiteConfig } from "./defaults";
import { type FieldErrors, settingAt } from "./config-form";
import { CONFIG_LIMITS, promoItemTypeSchema } from "./site-config";

/**
 * Settings the dealer console edits as rows rather than JSON (issue 31, ADR 0073, 0078). The form works without
 * script: each row's inputs are named by their place (`navigation.links.2.href`, `navigation.links.2.children.0.label`),
 * a hidden `{list}.rows` says the form showed the list (so an emptied list is an empty list, not an absent field),
 * and submit buttons named `row` edit the rows (`navigation.links.2:up`). A publish turns the rows back into the
 * setting's JSON text, which the form's other rules then check as before. Each list is described once (ROW_LISTS):
 * its row's fields and, for a header link or a footer group, the list inside each row.
 */
export const LINK_LIST = "navigation.links";
export const FOOTER_LIST = "navigation.footerGroups";
export const PHONE_LIST = "navigation.phones";
export const PROMO_LIST = "search.promoCards";
export const BUTTON_SET = "vehicle.buttonSet";
/** The rows a form's hidden marker names: the list was on the form. */
export const rowsMarker = (list: string) => `${list}.rows`;
export const ROW_EDIT = "row";

export type ButtonKind = (typeof defaultSiteConfig.vehicle.buttonSet)[number];

/** The car page's buttons a site may offer, in the order the page shows them, in a dealer's words. */
export const BUTTON_KINDS: Record<ButtonKind, string> = {
  enquire: "Enquire",
  history: "Vehicle history report",
  finance: "Finance",
  tradeIn: "Trade-in",
  reserve: "Reserve",
  onlinePurchase: "Buy online",
};

/** A row as typed: each field's text (a set of boxes as its ticked options joined by commas), and the list inside it. */
export type Row = { values: Record<string, string>; sub: Row[] | null };

type RowField = {
  key: string;
  /** The input's label, and the field in the list of problems ("where it goes"). */
  label: string;
  words: string;
  /** text: one line; longText: a text area; number: a whole number; kinds: a box per option (none ticked: every one). */
  kind: "text" | "longText" | "number" | "kinds";
  hint?: string;
  /** The row's own plain-words check of this field, beyond the schema's limits. */
  check?: "words" | "target" | "phone" | "position";
  options?: Record<string, string>;
};

/** The shape of one list's rows: their fields, how many, and the list inside each row (its key; null when it may be absent). */
export type RowShape = { noun: string; fields: RowField[]; max: number; sub?: { key: string; optional: boolean; shape: RowShape } };
/** A list setting edited as rows: its path, its heading, its shape; `platformBox`: the words of the box that stores null. */
export type RowList = RowShape & { list: string; heading: string; platformBox?: string };

export const LINK_MESSAGES = {
  label: "Enter the words the link shows, such as Finance.",
  href: "Enter where the link goes: a path on this site such as /finance, or a web address starting with https://.",
  empty: "Fill in this link, or remove it.",
} as const;
export const ROW_MESSAGES = {
  words: "Enter the words it shows.",
  target: LINK_MESSAGES.href,
  phone: "Enter a phone number: digits, spaces and an optional + at the start, such as 07 5555 0100.",
  position: "Enter a whole number from 0 to 100: the card's place among the first results (0 is first).",
  empty: "Fill in this row, or remove it.",
} as const;

/** Where a link may go: a path on the site, a web address, a phone number or an e-mail address (never script). */
const LINK_TARGET = /^(\/(?!\/)|https?:\/\/[^\s/]|tel:\+?[0-9 ]+$|mailto:[^\s@]+@[^\s@]+$)[^\s"'<>]*$/;
const PHONE = /^\+?[0-9][0-9 ()-]{2,28}$/;
/** How many rows of a list the form reads: a form with more is refused by the list's own limit. */
const MAX_ROWS = 100;
const HREF_HINT = "A path on this site such as /finance, or a web address starting with https://";

const linkFields: RowField[] = [
  { key: "label", label: "Words", words: "words", kind: "text", check: "words" },
  { key: "href", label: "Goes to", words: "where it goes", kind: "text", check: "target", hint: HREF_HINT },
];
const PROMO_KINDS = Object.fromEntries(promoItemTypeSchema.options.map((kind) => [kind, `${kind[0]?.toUpperCase()}${kind.slice(1)}s`]));

export const ROW_LISTS: RowList[] = [
  {
    list: LINK_LIST,
    heading: "navigation links",
    noun: "link",
    fields: linkFields,
    max: CONFIG_LIMITS.navLinks,
    sub: { key: "children", optional: true, shape: { noun: "menu's link", fields: linkFields, max: CONFIG_LIMITS.navChildren } },
  },
  {
    list: FOOTER_LIST,
    heading: "footer groups",
    noun: "group",
    fields: [{ key: "heading", label: "Heading", words: "heading", kind: "text", check: "words" }],
    max: CONFIG_LIMITS.footerGroups,
    sub: { key: "links", optional: false, shape: { noun: "link", fields: linkFields, max: CONFIG_LIMITS.footerLinks } },
    platformBox: "Use the platform's footer, built from your other settings",
  },
  {
    list: PHONE_LIST,
    heading: "phone numbers",
    noun: "number",
    fields: [
      { key: "label", label: "Name", words: "name", kind: "text", check: "words", hint: "Such as Sales or Service" },
      { key: "number", label: "Phone number", words: "phone number", kind: "text", check: "phone" },
    ],
    max: CONFIG_LIMITS.phones,
  },
  {
    list: PROMO_LIST,
    heading: "promo cards",
    noun: "card",
    fields: [
      { key: "position", label: "Place among the results", words: "place", kind: "number", check: "position", hint: "0 is the first card" },
      { key: "title", label: "Title", words: "title", kind: "text", check: "words" },
      { key: "text", label: "Text", words: "text", kind: "longText" },
      { key: "href", label: "Goes to", words: "where it goes", kind: "text", check: "target", hint: HREF_HINT },
      { key: "itemTypes", label: "Shown for", words: "shown for", kind: "kinds", options: PROMO_KINDS, hint: "None ticked: every kind of vehicle" },
    ],
    max: CONFIG_LIMITS.promoCards,
  },
];

/** The list a path is in (`navigation.links.2.children`, `search.promoCards.0.title`), or undefined. */
export const rowListOf = (path: string) => ROW_LISTS.find((spec) => path === spec.list || path.startsWith(`${spec.list}.`));
/** The box that stores null for a list that may be the platform's own. */
export const platformBoxName = (list: string) => `${list}.platform`;

const textOf = (field: RowField, value: unknown) =>
  field.kind === "kinds" ? (Array.isArray(value) ? value.join(",") : "") : typeof value === "string" || typeof value === "number" ? String(value) : "";

/** Stored rows (the setting's value) as typed rows. */
export function rowsOf(shape: RowShape, value: unknown): Row[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const stored = (item ?? {}) as Record<string, unknown>;
    const inner = shape.sub ? stored[shape.sub.key] : undefined;
    return {
      values: Object.fromEntries(shape.fields.map((field) => [field.key, textOf(field, stored[field.key])])),
      sub: shape.sub ? (Array.isArray(inner) ? rowsOf(shape.sub.shape, inner) : shape.sub.optional ? null : []) : null,
    };
  });
}

/** The indices a form holds under `prefix` (`prefix.N.…`), in order. */
function indicesUnder(form: Record<string, string>, prefix: string): number[] {
  const found = new Set<number>();
  for (const key of Object.keys(form)) {
    if (!key.startsWith(`${prefix}.`)) continue;
    const index = Number(key.slice(prefix.length + 1).split(".")[0]);
    if (Number.isInteger(index) && index >= 0 && index < MAX_ROWS) found.add(index);
  }
  return [...found].sort((a, b) => a - b);
}

/** The rows a form holds for `list`, or null when the form did not show the list. */
export function rowsFromForm(form: Record<string, string>, shape: RowShape, list: string): Row[] | null {
  if (form[rowsMarker(list)] === undefined) return null;
  return indicesUnder(form, list).map((index) => {
    const at = `${list}.${index}`;
    const values = Object.fromEntries(
      shape.fields.map((field) => [
        field.key,
        field.kind === "kinds" ? Object.keys(field.options ?? {}).filter((option) => form[`${at}.${field.key}.${option}`] !== undefined).join(",") : (form[`${at}.${field.key}`] ?? ""),
      ]),
    );
    const sub = shape.sub ? (rowsFromForm(form, shape.sub.shape, `${at}.${shape.sub.key}`) ?? (shape.sub.optional ? null : [])) : null;
    return { values, sub };
  });
}

/** Rows as the form's fields (what rowsFromForm reads back). */
export function rowsToForm(shape: RowShape, list: string, rows: Row[]): Record<string, string> {
  const fields: Record<string, string> = { [rowsMarker(list)]: "1" };
  rows.forEach((row, index) => {
    const at = `${list}.${index}`;
    for (const field of shape.fields) {
      const text = row.values[field.key] ?? "";
      if (field.kind !== "kinds") fields[`${at}.${field.key}`] = text;
      else for (const option of text.split(",").filter(Boolean)) fields[`${at}.${field.key}.${option}`] = "on";
    }
    if (shape.sub && row.sub) Object.assign(fields, rowsToForm(shape.sub.shape, `${at}.${shape.sub.key}`, row.sub));
  });
  return fields;
}

/** The button kinds a form's boxes tick for the button set, or null when the form did not show it. */
export function buttonSetFromForm(form: Record<string, string>): ButtonKind[] | null {
  if (form[rowsMarker(BUTTON_SET)] === undefined) return null;
  return (Object.keys(BUTTON_KINDS) as ButtonKind[]).filter((kind) => form[`${BUTTON_SET}.${kind}`] !== undefined);
}

export type RowEdit = { list: string; index: number | null; action: "add" | "remove" | "up" | "down" };

/** A `row` button's value: `{list}:add`, or `{list}.{index}:remove|up|down` (a list may be a row's inner list). */
export function parseRowEdit(value: string | undefined): RowEdit | null {
  const match = /^([A-Za-z.0-9]{1,120}?)(?:\.(\d{1,3}))?:(add|remove|up|down)$/.exec(value ?? "");
  if (!match) return null;
  const [, list = "", index, action] = match;
  if (action === "add" ? index !== undefined : index === undefined) return null;
  return { list, index: index === undefined ? null : Number(index), action: action as RowEdit["action"] };
}

const emptyRow = (shape: RowShape): Row => ({
  values: Object.fromEntries(shape.fields.map((field) => [field.key, ""])),
  sub: shape.sub && !shape.sub.optional ? [] : null,
});

/**
 * The rows after one edit, every typed value kept: a new empty row at the end, a row removed, or moved one place.
 * `edit.list` is the list itself or one row's inner list (`navigation.links.2.children`); any other changes nothing.
 */
export function editRows(spec: RowList, rows: Row[], edit: RowEdit): Row[] {
  const apply = (shape: RowShape, list: Row[]): Row[] => {
    const next = [...list];
    if (edit.action === "add") return next.length < MAX_ROWS ? [...next, emptyRow(shape)] : next;
    const index = edit.index ?? -1;
    if (index < 0 || index >= next.length) return next;
    if (edit.action === "remove") next.splice(index, 1);
    else {
      const to = edit.action === "up" ? index - 1 : index + 1;
      if (to < 0 || to >= next.length) return next;
      [next[index], next[to]] = [next[to] as Row, next[index] as Row];
    }
    return next;
  };
  if (edit.list === spec.list) return apply(spec, rows);
  const inner = spec.sub;
  const match = inner && new RegExp(`^${spec.list.replace(/\./g, "\\.")}\\.(\\d+)\\.${inner.key}$`).exec(edit.list);
  const parent = match ? Number(match[1]) : -1;
  if (!inner || !rows[parent]) return rows;
  return rows.map((row, index) => (index === parent ? { ...row, sub: apply(inner.shape, row.sub ?? []) } : row));
}

/** The place of the row an edit added or moved (`navigation.links.2`), whose first input takes the focus; null for a removal. */
export function editedRowPlace(spec: RowList, rows: Row[], edit: RowEdit): string | null {
  if (edit.action === "add") {
    const parent = edit.list === spec.list ? null : Number(edit.list.slice(spec.list.length + 1).split(".")[0]);
    const count = parent === null ? rows.length : (rows[parent]?.sub?.length ?? 0);
    return `${edit.list}.${count - 1}`;
  }
  if (edit.action === "remove") return null;
  return `${edit.list}.${(edit.index ?? 0) + (edit.action === "up" ? -1 : 1)}`;
}

/** Each row's problems, by the path of the input each belongs beside. */
function rowProblems(shape: RowShape, rows: Row[], list: string, errors: FieldErrors) {
  rows.forEach((row, index) => {
    const at = `${list}.${index}`;
    const first = shape.fields[0]?.key ?? "";
    if (shape.fields.every((field) => !(row.values[field.key] ?? "").trim()) && !row.sub?.length) {
      errors[`${at}.${first}`] = [shape.fields === linkFields ? LINK_MESSAGES.empty : ROW_MESSAGES.empty];
      return;
    }
    for (const field of shape.fields) {
      const text = (row.values[field.key] ?? "").trim();
      const bad =
        field.check === "words" ? !text : field.check === "target" ? !LINK_TARGET.test(text) : field.check === "phone" ? !PHONE.test(text) : field.check === "position" ? !/^\d{1,3}$/.test(text) || Number(text) > 100 : false;
      if (bad) errors[`${at}.${field.key}`] = [shape.fields === linkFields ? LINK_MESSAGES[field.key as "label" | "href"] : ROW_MESSAGES[field.check as keyof typeof ROW_MESSAGES]];
    }
    if (shape.sub && row.sub) rowProblems(shape.sub.shape, row.sub, `${at}.${shape.sub.key}`, errors);
  });
}

/** Rows as the setting's value: texts trimmed, numbers as numbers, an empty set of boxes or an empty optional list left out. */
function rowsValue(shape: RowShape, rows: Row[]): unknown[] {
  return rows.map((row) => {
    const item: Record<string, unknown> = {};
    for (const field of shape.fields) {
      const text = (row.values[field.key] ?? "").trim();
      if (field.kind === "number") item[field.key] = /^\d{1,3}$/.test(text) ? Number(text) : text;
      else if (field.kind === "kinds") {
        if (text) item[field.key] = text.split(",");
      } else item[field.key] = text;
    }
    if (shape.sub && (row.sub?.length || (row.sub && !shape.sub.optional))) item[shape.sub.key] = rowsValue(shape.sub.shape, row.sub ?? []);
    return item;
  });
}

/**
 * The form with its rows turned into the settings' JSON text (what overrideFromForm reads), and the rows' own
 * problems. A list left as it was stored is never refused by these checks, so publishing an unchanged form
 * changes nothing even where a stored value predates them; its schema still applies.
 */
export function rowsToFields(form: Record<string, string>, resolved: unknown): { fields: Record<string, string>; errors: FieldErrors } {
  const lists = [...ROW_LISTS.map((spec) => spec.list), BUTTON_SET];
  const fields = Object.fromEntries(Object.entries(form).filter(([key]) => key !== ROW_EDIT && !lists.some((list) => key.startsWith(`${list}.`))));
  const errors: FieldErrors = {};
  for (const spec of ROW_LISTS) {
    const rows = rowsFromForm(form, spec, spec.list);
    if (!rows) continue;
    // A list that may be the platform's own (null) is, while its box is ticked: an empty text is null to the form.
    const value = spec.platformBox && form[platformBoxName(spec.list)] !== undefined ? null : rowsValue(spec, rows);
    if (value && JSON.stringify(value) !== JSON.stringify(settingAt(resolved, spec.list))) rowProblems(spec, rows, spec.list, errors);
    fields[spec.list] = value === null ? "" : JSON.stringify(value);
  }
  const buttons = buttonSetFromForm(form);
  if (buttons) {
    // A set, shown in the page's own order (shared/src/rules/buttons.ts): the stored order stays when the set does.
    const stored = settingAt(resolved, BUTTON_SET);
    const current: unknown[] = Array.isArray(stored) ? stored : [];
    const same = buttons.length === new Set(current).size && buttons.every((kind) => current.includes(kind));
    fields[BUTTON_SET] = JSON.stringify(same ? current : buttons);
  }
  return { fields, errors };
}

/** A row input's path in a dealer's words, for the list of problems: "navigation links: link 3, its menu's link 1, where it goes". */
export function rowPathWords(path: string): string | null {
  const spec = rowListOf(path);
  if (!spec || path === spec.list) return null;
  const parts = path.slice(spec.list.length + 1).split(".");
  const words: string[] = [];
  let shape: RowShape = spec;
  for (const [index, part] of parts.entries()) {
    if (/^\d+$/.test(part)) words.push(`${index ? "its " : ""}${shape.noun} ${Number(part) + 1}`);
    else if (shape.sub && part === shape.sub.key) shape = shape.sub.shape;
    else {
      const field = shape.fields.find((each) => each.key === part);
      if (field) words.push(field.words);
    }
  }
  return `${spec.heading}: ${words.join(", ")}`;
}
