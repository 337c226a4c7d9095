import type { z } from "zod";

/** Field path -> messages; the shape every API answers a 400 with. */
export type FieldErrors = Record<string, string[]>;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** Parse untrusted input and name each bad field by its dotted path. */
export function parseWithFieldErrors<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.infer<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "(root)";
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  return { ok: false, fieldErrors };
}
