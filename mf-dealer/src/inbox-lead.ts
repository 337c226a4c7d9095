import { LEAD_STATUSES } from "@dealer/shared/contract";
import { z } from "zod";

/**
 * A lead as the lead API answers GET /api/leads?words=1 (mf-forms), the parts the inbox shows: parsed at this
 * boundary, so a change there is a clear refusal here rather than a broken page. Further fields pass unread.
 */
const text = z.string().nullish();
export const inboxLeadSchema = z.object({
  lead_id: z.number().int(),
  kind: z.string(),
  created_at: z.string(),
  status: z.enum(LEAD_STATUSES),
  assigned_to: z.string().nullable(),
  booking_cancelled_at: z.string().nullable(),
  delivery_status: z.string(),
  values: z.record(z.string(), z.unknown()),
  record: z.object({ created_at: z.string(), customer: z.object({ full_name: text }).loose(), vehicle: z.object({ photo_url: text, url: text, title: text }).loose().nullish() }).loose().nullable(),
  words: z
    .object({ kind: z.string(), sections: z.array(z.object({ title: z.string(), rows: z.array(z.object({ label: z.string(), value: z.string(), href: z.string().optional() })) })) })
    .nullable()
    .optional(),
  notes: z.array(z.object({ author: z.string(), body: z.string(), created_at: z.string() })),
  earlier_leads: z.array(z.object({ lead_id: z.number().int(), kind: z.string(), created_at: z.string() })),
  deliveries: z.array(z.object({ destination: z.string(), status: z.string(), attempts: z.number(), last_error: z.string().nullable() })),
  chat: z.array(z.object({ id: z.number(), author: z.enum(["shopper", "dealer"]), author_name: z.string().nullable(), body: z.string(), created_at: z.string(), notified: z.string().nullable() })).optional(),
});
export type InboxLead = z.infer<typeof inboxLeadSchema>;
export const inboxAnswerSchema = z.object({ leads: z.array(inboxLeadSchema) });

/** The inbox's filters, as the lead API takes them; anything else is a 400 naming the field. */
export const INBOX_FILTERS = ["lead_status", "location", "status", "from", "to", "limit"] as const;
