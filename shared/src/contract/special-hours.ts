import { z } from "zod";
import { holidayHourSchema } from "./location";

/**
 * Special (holiday) hours arrive in two shapes: start_hour/end_hour + location_id, or
 * hours.begin/hours.end + location.id. Both normalise to holidayHourSchema.
 */
export const specialHoursInputSchema = z
  .object({
    date: holidayHourSchema.shape.date,
    status: holidayHourSchema.shape.status,
    name: z.string().optional(),
    start_hour: z.string().nullable().optional(),
    end_hour: z.string().nullable().optional(),
    hours: z.object({ begin: z.string().nullable(), end: z.string().nullable() }).nullable().optional(),
    location_id: z.number().int().optional(),
    location: z.object({ id: z.number().int() }).optional(),
  })
  .refine((entry) => entry.location_id !== undefined || entry.location !== undefined, {
    message: "location_id or location.id is required",
    path: ["location_id"],
  })
  .transform((entry) => ({
    date: entry.date,
    status: entry.status,
    name: entry.name,
    start_hour: entry.start_hour ?? entry.hours?.begin ?? null,
    end_hour: entry.end_hour ?? entry.hours?.end ?? null,
    location_id: (entry.location_id ?? entry.location?.id) as number,
  }));
