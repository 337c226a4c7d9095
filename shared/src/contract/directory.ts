import { z } from "zod";

/** The two departments of a dealer group's service and parts directory (ADR 0026). */
export const DIRECTORY_DEPARTMENTS = ["service", "parts"] as const;
export type DirectoryDepartment = (typeof DIRECTORY_DEPARTMENTS)[number];

/**
 * One entry of the directory: a service or parts offer of one dealership (a capped-price service, a tyre deal,
 * an accessory pack), searchable by query, category and price, scoped by dealership_id.
 */
export const directoryOfferSchema = z
  .object({
    id: z.string().min(1).max(64),
    site: z.string().min(1),
    dealership_id: z.number().int(),
    dealership_name: z.string().min(1),
    department: z.enum(DIRECTORY_DEPARTMENTS),
    category: z.string().min(1).max(60),
    title: z.string().min(1).max(120),
    description: z.string().max(400),
    /** A 'from' price in dollars; null when the offer is priced on request. */
    price: z.number().nonnegative().nullable(),
    /** Where the offer is taken up: the department's booking or enquiry page. */
    href: z.string().regex(/^\/[^/]/),
    /** The dealer's order within the directory (lower first). */
    position: z.number().int().min(0),
  })
  .strict();

export type DirectoryOffer = z.infer<typeof directoryOfferSchema>;
