import { z } from "zod";

/** Lead kinds the platform accepts; the forms remote posts one of these. */
export const leadKindSchema = z.enum([
  "enquiry",
  "test_drive",
  "photo_request",
  "trade_in",
  "offer_acceptance",
  "sell_my_car",
  "finance_enquiry",
  "reserve",
]);

export const enquiryFormValuesSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name."),
  last_name: z.string().trim().optional(),
  email: z.email("Please enter a valid email address."),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{8,20}$/, "Please enter a valid phone number."),
  postcode: z.string().regex(/^\d{4}$/, "Invalid postcode. Please enter a 4-digit number.").optional(),
  message: z.string().trim().max(5000).optional(),
  category: z.string().optional(),
  subcategory: z.string().optional(),
  opt_in: z.boolean().default(true),
  car_id: z.number().int().optional(),
  location_id: z.number().int().optional(),
});

export const leadPayloadSchema = z.object({
  kind: leadKindSchema,
  values: enquiryFormValuesSchema,
  userData: z.object({
    url: z.string(),
    source: z.literal("Website"),
    user_agent: z.string(),
    car_id: z.number().int().optional(),
    car_dealership_id: z.number().int().optional(),
    lead_attributes: z.object({
      visited_pages: z.array(z.string()).default([]),
      linked_query_params: z.record(z.string(), z.string()).default({}),
    }),
  }),
});

export type LeadKind = z.infer<typeof leadKindSchema>;
export type EnquiryFormValues = z.infer<typeof enquiryFormValuesSchema>;
export type LeadPayload = z.infer<typeof leadPayloadSchema>;
