import { z } from "zod";

/**
 * Every operator and dealer input has a limit, and a refusal says it in plain words: one message per kind of
 * limit, so a 400 names the field (its path) and what it takes. Schemas keep their limits as named constants
 * beside them (docs/api/operator.md, docs/dealer-admin-guide.md list them).
 */
export const tooLongMessage = (max: number) => `Please use at most ${max} characters.`;
export const tooManyMessage = (max: number) => `Please list at most ${max} entries.`;
export const rangeMessage = (min: number, max: number) => `Please use a number from ${min} to ${max}.`;

/** Text of at most `max` characters, kept as typed. */
export const maxText = (max: number) => z.string().max(max, tooLongMessage(max));
/** A list of at most `max` entries. */
export const maxList = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max, tooManyMessage(max));
/** A map (by slug or name) of at most `max` entries, each key at most `keyMax` characters. */
export const maxMap = <T extends z.ZodType>(value: T, max: number, keyMax = 64) =>
  z.record(maxText(keyMax), value).refine((entries) => Object.keys(entries).length <= max, tooManyMessage(max));
/** A number from `min` to `max`. */
export const numberIn = (min: number, max: number) => z.number().min(min, rangeMessage(min, max)).max(max, rangeMessage(min, max));
