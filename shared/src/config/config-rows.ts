import type { defaultSiteConfig } from "./defaults";
import { type FieldErrors, settingAt } from "./config-form";
import { CONFIG_LIMITS } from "./site-config";

/**
 * Settings the dealer console edits as rows rather than JSON (issue 31, ADR 0073). The form works without script:
 * each row's inputs are named by their place (`navigation.links.2.href`, `navigation.links.2.children.0.label`), a
 * hidden `{list}.rows` says the form showed the list (so an emptied list is an empty list, not an absent field),
 * and submit buttons named `row` edit the rows (`navigation.links.2:up`). A publish turns the rows back into the
 * setting's JSON text, which the form's other rules then check as before.
 */
export const LINK_LIST = "navigation.links";
export const BUTTON_SET = "vehicle.buttonSet";
/** The rows a form's hidden marker names: the list was on the form. */
export const rowsMarker = (list: string) => `${list}.rows`;
export const ROW_EDIT = "row";

/** A navigation link as typed: its words, where it goes, and the links of its menu (null: no menu). */
export type LinkRow = { label: string; href: string; children: LinkRow[] | null };
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

export const LINK_MESSAGES = {
  label: "Enter the words the link shows, such as Finance.",
  href: "Enter where the link goes: a path on this site such as /finance, or a web address starting with https://.",
  empty: "Fill in this link, or remove it.",
} as const;

/** Where a link may go: a path on the site, a web address, a phone number or an e-mail address (never script). */
const LINK_TARGET = /^(\/(?!\/)|https?:\/\/[^\s/]|tel:\+?[0-9 ]+$|mailto:[^\s@]+@[^\s@]+$)[^\s"'<>]*$/;
/** How many rows of a list the form reads: a form with more is refused by the list's own limit. */
const MAX_ROWS = 100;

const linkFrom = (value: unknown): LinkRow => {
  const link = (value ?? {}) as { label?: unknown; href?: unknown; children?: unknown };
  return {
    label: typeof link.label === "string" ? link.label : "",
    href: typeof link.href === "string" ? link.href : "",
    children: Array.isArray(link.children) ? link.children.map((child) => ({ ...linkFrom(child), children: null })) : null,
  };
};

/** A stored list of links as rows. */
export const linkRowsOf = (value: unknown): LinkRow[] => (Array.isArray(value) ? value.map(linkFrom) : []);

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

/** The link rows a form holds for `list`, or null when the form did not show the list. */
export function linkRowsFromForm(form: Record<string, string>, list: string): LinkRow[] | null {
  if (form[rowsMarker(list)] === undefined) return null;
  const rowsAt = (prefix: string, nested: boolean): LinkRow[] =>
    indicesUnder(form, prefix).map((index) => ({
      label: form[`${prefix}.${index}.label`] ?? "",
      href: form[`${prefix}.${index}.href`] ?? "",
      children: nested && form[rowsMarker(`${prefix}.${index}.children`)] !== undefined ? rowsAt(`${prefix}.${index}.children`, false) : null,
    }));
  return rowsAt(list, true);
}

/** Link rows as the form's fields (what linkRowsFromForm reads back). */
export function linkRowsToForm(list: string, rows: LinkRow[]): Record<string, string> {
  const fields: Record<string, string> = { [rowsMarker(list)]: "1" };
  rows.forEach((row, index) => {
    const at = `${list}.${index}`;
    fields[`${at}.label`] = row.label;
    fields[`${at}.href`] = row.href;
    if (row.children) Object.assign(fields, linkRowsToForm(`${at}.children`, row.children));
  });
  return fields;
}

/** The button kinds a form's boxes tick for the button set, or null when the form did not show it. */
export function buttonSetFromForm(form: Record<string, string>): ButtonKind[] | null {
  if (form[rowsMarker(BUTTON_SET)] === undefined) return null;
  return (Object.keys(BUTTON_KINDS) as ButtonKind[]).filter((kind) => form[`${BUTTON_SET}.${kind}`] !== undefined);
}

export type RowEdit = { list: string; index: number | null; action: "add" | "remove" | "up" | "down" };

/** A `row` button's value: `{list}:add`, or `{list}.{index}:remove|up|down` (a list may be a link's menu). */
export function parseRowEdit(value: string | undefined): RowEdit | null {
  const match = /^([A-Za-z.0-9]{1,120}?)(?:\.(\d{1,3}))?:(add|remove|up|down)$/.exec(value ?? "");
  if (!match) return null;
  const [, list = "", index, action] = match;
  if (action === "add" ? index !== undefined : index === undefined) return null;
  return { list, index: index === undefined ? null : Number(index), action: action as RowEdit["action"] };
}

const emptyLink = (): LinkRow => ({ label: "", href: "", children: null });

/**
 * The rows after one edit, every typed value kept: a new empty row at the end, a row removed, or moved one place.
 * `list` is the top list or one link's menu (`navigation.links.2.children`); an edit of any other list changes nothing.
 */
export function editLinkRows(rows: LinkRow[], top: string, edit: RowEdit): LinkRow[] {
  const apply = (list: LinkRow[]): LinkRow[] => {
    const next = [...list];
    if (edit.action === "add") return next.length < MAX_ROWS ? [...next, emptyLink()] : next;
    const index = edit.index ?? -1;
    if (index < 0 || index >= next.length) return next;
    if (edit.action === "remove") next.splice(index, 1);
    else {
      const to = edit.action === "up" ? index - 1 : index + 1;
      if (to < 0 || to >= next.length) return next;
      [next[index], next[to]] = [next[to] as LinkRow, next[index] as LinkRow];
    }
    return next;
  };
  if (edit.list === top) return apply(rows);
  const menu = new RegExp(`^${top.replace(/\./g, "\\.")}\\.(\\d+)\\.children$`).exec(edit.list);
  const parent = menu ? Number(menu[1]) : -1;
  if (!rows[parent]) return rows;
  return rows.map((row, index) => (index === parent ? { ...row, children: apply(row.children ?? []) } : row));
}

/** A row's problems, by the path of the input each belongs beside. */
function linkProblems(rows: LinkRow[], list: string, errors: FieldErrors) {
  rows.forEach((row, index) => {
    const at = `${list}.${index}`;
    const label = row.label.trim();
    const href = row.href.trim();
    if (!label && !href && !row.children?.length) errors[`${at}.label`] = [LINK_MESSAGES.empty];
    else {
      if (!label) errors[`${at}.label`] = [LINK_MESSAGES.label];
      if (!LINK_TARGET.test(href)) errors[`${at}.href`] = [LINK_MESSAGES.href];
    }
    if (row.children) linkProblems(row.children, `${at}.children`, errors);
  });
}

const linkValue = (rows: LinkRow[]) =>
  rows.map((row) => ({ label: row.label.trim(), href: row.href.trim(), ...(row.children?.length ? { children: row.children.map((child) => ({ label: child.label.trim(), href: child.href.trim() })) } : {}) }));

/**
 * The form with its rows turned into the settings' JSON text (what overrideFromForm reads), and the rows' own
 * problems. A list left as it was stored is never refused by these checks, so publishing an unchanged form
 * changes nothing even where a stored value predates them; its schema still applies.
 */
export function rowsToFields(form: Record<string, string>, resolved: unknown): { fields: Record<string, string>; errors: FieldErrors } {
  const lists = [LINK_LIST, BUTTON_SET];
  const fields = Object.fromEntries(Object.entries(form).filter(([key]) => key !== ROW_EDIT && !lists.some((list) => key.startsWith(`${list}.`))));
  const errors: FieldErrors = {};
  const links = linkRowsFromForm(form, LINK_LIST);
  if (links) {
    const value = linkValue(links);
    if (JSON.stringify(value) !== JSON.stringify(settingAt(resolved, LINK_LIST))) linkProblems(links, LINK_LIST, errors);
    fields[LINK_LIST] = JSON.stringify(value);
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
  if (!path.startsWith(`${LINK_LIST}.`)) return null;
  const parts = path.slice(LINK_LIST.length + 1).split(".");
  const words: string[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as string;
    if (/^\d+$/.test(part)) words.push(`${words.length ? "its menu's link" : "link"} ${Number(part) + 1}`);
    else if (part === "label") words.push("words");
    else if (part === "href") words.push("where it goes");
  }
  return `navigation links: ${words.join(", ")}`;
}

/** The most links a header and a menu hold (the schema's limits), for the form's hints. */
export const LINK_LIMITS = { links: CONFIG_LIMITS.navLinks, menu: CONFIG_LIMITS.navChildren } as const;
