import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/** A react-hook-form resolver from a zod schema: errors nested by path (values.email), the first issue of each field. */
export function zodResolver<Input extends FieldValues, Output>(schema: z.ZodType<Output>): Resolver<Input, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      let node = errors;
      const path = issue.path.length ? issue.path.map(String) : ["root"];
      path.slice(0, -1).forEach((key) => {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      });
      const leaf = path[path.length - 1] ?? "root";
      node[leaf] ??= { type: issue.code, message: issue.message } satisfies FieldError;
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}

/** Field path -> first message, from react-hook-form's nested errors. */
export function flattenFieldErrors(errors: FieldErrors, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ("message" in value && typeof value.message === "string") out[path] = value.message;
    else Object.assign(out, flattenFieldErrors(value as FieldErrors, path));
  }
  return out;
}
