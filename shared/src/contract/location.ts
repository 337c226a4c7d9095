import { z } from "zod";

export const locationTypeSchema = z.enum(["sales", "service", "parts"]);

/** weekday: 0 = Sunday ... 6 = Saturday. */
export const openingHourSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  status: z.enum(["Open", "Closed"]),
  formated_hours: z.string().optional(),
  open: z.string().regex(/^\d{2}:\d{2}$/).nullable().optional(),
  close: z.string().regex(/^\d{2}:\d{2}$/).nullable().optional(),
  /** Which department the hours belong to; empty means sales. */
  location_type: locationTypeSchema.default("sales"),
});

export const holidayHourSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date must be YYYY-MM-DD"),
  status: z.enum(["Open", "Closed"]),
  start_hour: z.string().nullable().optional(),
  end_hour: z.string().nullable().optional(),
  location_id: z.number().int(),
  name: z.string().optional(),
});

export const locationSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  slug: z.string().min(1),
  location_type: z.array(locationTypeSchema).default(["sales"]),
  location_subtype: z.array(z.string()).default([]),
  primary: z.boolean().default(false),
  visible: z.boolean().default(true),
  manufacturers: z.array(z.string()).default([]),
  dealership_id: z.number().int(),
  dealership_slug: z.string(),
  dealer_license_number: z.string().nullable().optional(),
  motor_vehicle_repairer: z.string().nullable().optional(),
  timezone: z.string().default("Australia/Brisbane"),
  address: z.object({
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
    place_id: z.string().nullable().optional(),
    place_url: z.string().nullable().optional(),
    map_key: z.string().nullable().optional(),
    lat: z.number(),
    long: z.number(),
  }),
  contact_detail: z.object({
    phone: z.string(),
    landline_phone: z.string().nullable().optional(),
    opening_hours: z.array(openingHourSchema).default([]),
  }),
  special_hours: z.array(holidayHourSchema).default([]),
  image: z.string().nullable().optional(),
  reviews: z.object({ average_rating: z.number().min(0).max(5), count: z.number().int().nonnegative() }).nullable().optional(),
  distribution_locations: z.array(z.object({ id: z.number().int(), name: z.string() })).default([]),
});

export const dealershipSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  name: z.string().min(1),
  site: z.string().min(1),
  finance_provider: z.string(),
});

export type Location = z.infer<typeof locationSchema>;
export type OpeningHour = z.infer<typeof openingHourSchema>;
export type HolidayHour = z.infer<typeof holidayHourSchema>;
export type Dealership = z.infer<typeof dealershipSchema>;
