/**
 * A three-way merge of config overrides by setting path (ADR 0062): an operator's site file was made from one
 * published version (its base); a dealer admin may have published since. Settings are merged the way the layers
 * are (objects key by key, arrays and other values whole), so a path is the dotted key of a leaf.
 */
type Override = Record<string, unknown>;

/** A setting both sides changed since the base, to different values. `undefined` is "the default" (not set). */
export type ConfigConflict = { path: string; published: unknown; file: unknown };

const isObject = (value: unknown): value is Override => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every leaf path of an override (an empty object counts as nothing). */
function leafPaths(value: Override, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]) => (isObject(child) ? leafPaths(child, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

function valueAt(value: Override, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split(".")) current = isObject(current) ? current[key] : undefined;
  return isObject(current) ? undefined : current;
}

/** `value` at `path`, or the path removed (and any object it leaves empty) when `value` is undefined. */
function setAt(target: Override, path: string, value: unknown): void {
  const [key = "", ...rest] = path.split(".");
  if (!rest.length) {
    if (value === undefined) delete target[key];
    else target[key] = value;
    return;
  }
  if (!isObject(target[key])) {
    if (value === undefined) return;
    target[key] = {};
  }
  const child = target[key] as Override;
  setAt(child, rest.join("."), value);
  if (!Object.keys(child).length) delete target[key];
}

// Overrides are JSON, so their JSON text is a fair equality for leaves (arrays, strings, numbers, null).
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The file's override with every setting the dealer changed since `base` kept as published, unless the file
 * changed that setting too: then it is a conflict (the file's value is in the result, for `force`).
 */
export function mergeConfigOverride(input: { base: Override; published: Override; file: Override }): { merged: Override; kept: string[]; conflicts: ConfigConflict[] } {
  const { base, published, file } = input;
  const merged = structuredClone(file);
  const kept: string[] = [];
  const conflicts: ConfigConflict[] = [];
  const paths = [...new Set([...leafPaths(base), ...leafPaths(published), ...leafPaths(file)])].sort();
  for (const path of paths) {
    const [was, now, wanted] = [valueAt(base, path), valueAt(published, path), valueAt(file, path)];
    if (same(was, now) || same(now, wanted)) continue;
    if (same(was, wanted)) {
      setAt(merged, path, now);
      kept.push(path);
    } else conflicts.push({ path, published: now, file: wanted });
  }
  return { merged, kept, conflicts };
}
