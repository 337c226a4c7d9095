import type { z } from "zod";
import { defaultSiteConfig } from "./defaults";
import { deepMerge } from "./resolve";
import { plainIssueMessage } from "./config-messages";
import { overrideSizeProblem, retiredSettingMessage, siteConfigSchema } from "./site-config";

/**
 * The dealer admin's configuration form, generated from the site config schema (ADR 0046): one field per leaf
 * setting (a path such as `theme.primary`), typed by the schema, with the platform's default beside it.
 * Lists, maps and other compound values are edited as JSON.
 */
export type ConfigField = {
  path: string;
  kind: "boolean" | "choice" | "number" | "text" | "json";
  /** A choice's options. */
  options: string[];
  /** An empty entry means null. */
  nullable: boolean;
  defaultValue: unknown;
};

type AnySchema = z.core.$ZodType;
const defOf = (schema: AnySchema) => schema._zod.def as unknown as { type: string; innerType?: AnySchema; shape?: Record<string, AnySchema>; entries?: Record<string, string> };

function valueAt(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), value);
}

function fieldsOf(schema: AnySchema, path: string[], nullable: boolean): ConfigField[] {
  const def = defOf(schema);
  if ((def.type === "nullable" || def.type === "optional") && def.innerType) {
    // A group that may be absent is one JSON field (empty = none): its parts alone cannot say "no group".
    if (defOf(def.innerType).type === "object") return [{ path: path.join("."), kind: "json", options: [], nullable: true, defaultValue: valueAt(defaultSiteConfig, path) }];
    return fieldsOf(def.innerType, path, true);
  }
  if (def.type === "object" && def.shape) return Object.entries(def.shape).flatMap(([key, child]) => fieldsOf(child, [...path, key], false));
  const kind: ConfigField["kind"] = def.type === "boolean" ? "boolean" : def.type === "enum" ? "choice" : def.type === "number" ? "number" : def.type === "string" ? "text" : "json";
  return [{ path: path.join("."), kind, options: kind === "choice" ? Object.values(def.entries ?? {}) : [], nullable, defaultValue: valueAt(defaultSiteConfig, path) }];
}

export const configFormFields: ConfigField[] = fieldsOf(siteConfigSchema, [], false);

/** A field's value as the form shows it. */
export function fieldText(field: ConfigField, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (field.kind === "json") return JSON.stringify(value);
  return String(value);
}

/** An override merged over the defaults (what the form shows: every setting's resolved value). */
export const resolvedSettings = (override: Record<string, unknown>) => deepMerge(defaultSiteConfig, override);
/** The value at a setting's path (`theme.primary`) in resolved settings. */
export const settingAt = (resolved: unknown, path: string) => valueAt(resolved, path.split("."));
/** A field's value in resolved settings. */
export const fieldValue = (field: ConfigField, resolved: unknown) => settingAt(resolved, field.path);

export type FieldErrors = Record<string, string[]>;

function parseField(field: ConfigField, text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (field.nullable && trimmed === "") return { ok: true, value: null };
  switch (field.kind) {
    case "boolean":
      return trimmed === "true" || trimmed === "false" ? { ok: true, value: trimmed === "true" } : { ok: false, message: "Choose yes or no." };
    case "number": {
      const value = Number(trimmed);
      return trimmed !== "" && Number.isFinite(value) ? { ok: true, value } : { ok: false, message: "Enter a number." };
    }
    case "json":
      try {
        return { ok: true, value: JSON.parse(trimmed) };
      } catch {
        return { ok: false, message: "This is not valid JSON: check the brackets, quotes and commas." };
      }
    default:
      return { ok: true, value: text };
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function setAt(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[path[path.length - 1] as string] = value;
}

/** Removes the entry at `path`, and any group it leaves empty. */
function unsetAt(target: Record<string, unknown>, path: string[]) {
  const [key, ...rest] = path;
  if (key === undefined || !Object.hasOwn(target, key)) return;
  const child = target[key];
  if (rest.length === 0) delete target[key];
  else if (child && typeof child === "object" && !Array.isArray(child)) {
    unsetAt(child as Record<string, unknown>, rest);
    if (Object.keys(child).length === 0) delete target[key];
  }
}

/**
 * The errors of an override once merged with the defaults, by the path of the setting each names; an override over
 * its size limit is one error, under `settings`.
 */
export function overrideErrors(override: Record<string, unknown>): FieldErrors {
  const tooBig = overrideSizeProblem(override);
  if (tooBig) return { settings: [tooBig] };
  const result = siteConfigSchema.safeParse(deepMerge(defaultSiteConfig, override));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const base = issue.path.join(".");
    const paths = issue.code === "unrecognized_keys" ? issue.keys.map((key) => (base ? `${base}.${key}` : key)) : [base || "(root)"];
    for (const path of paths) {
      const key = path.split(".").pop() ?? "";
      (errors[path] ??= []).push(issue.code === "unrecognized_keys" ? (retiredSettingMessage(key) ?? "Unknown setting.") : plainIssueMessage(issue));
    }
  }
  return errors;
}

/**
 * The form's entries merged over the stored override (issue 31): a field the admin left as it was keeps the
 * override's own entry (present or absent), so publishing an unchanged form changes nothing, settings the form
 * does not show included; a changed field is stored as typed. Every problem is listed at once: a field whose
 * text does not parse (a JSON mistake) is checked against the schema at its stored value, and the others as typed.
 */
export function overrideFromForm(form: Record<string, string>, current: Record<string, unknown>): { ok: true; override: Record<string, unknown> } | { ok: false; fieldErrors: FieldErrors } {
  const override = structuredClone(current);
  const errors: FieldErrors = {};
  const resolved = resolvedSettings(current);
  for (const field of configFormFields) {
    const text = form[field.path];
    if (text === undefined) continue;
    const parsed = parseField(field, text);
    if (!parsed.ok) {
      errors[field.path] = [parsed.message];
      continue;
    }
    if (sameValue(parsed.value, fieldValue(field, resolved))) continue;
    // Set back to the default: the entry goes, so the setting follows later changes of the default again.
    if (sameValue(parsed.value, field.defaultValue)) unsetAt(override, field.path.split("."));
    else setAt(override, field.path.split("."), parsed.value);
  }
  for (const [path, messages] of Object.entries(overrideErrors(override))) errors[path] ??= messages;
  return Object.keys(errors).length > 0 ? { ok: false, fieldErrors: errors } : { ok: true, override };
}
