/** Reads `a.b.c` from a record; Algolia attribute names may address nested objects. */
export function valueAt(record: Record<string, unknown>, path: string): unknown {
  if (!path.includes(".")) return record[path];
  let current: unknown = record;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The facet value of a scalar as a string; undefined for null, objects and arrays. */
export function facetValueOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") return String(value);
  return undefined;
}

/** The facet values of an attribute: scalars as strings, arrays flattened, null/objects skipped. */
export function facetValuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(facetValuesOf);
  const scalar = facetValueOf(value);
  return scalar === undefined ? [] : [scalar];
}

/** The text of a searchable attribute: strings and numbers, arrays joined. */
export function searchableTextOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(searchableTextOf);
  if (typeof value === "string") return [value];
  if (typeof value === "number" && Number.isFinite(value)) return [String(value)];
  return [];
}
