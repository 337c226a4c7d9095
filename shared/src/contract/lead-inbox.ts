import { z } from "zod";
import { leadText, requiredText } from "./lead";

/**
 * A dealership's work on its leads (ADR 0021, 0045): the states, an update and a chat reply, as the lead API
 * (mf-forms) takes them from a key or a staff member and the dealer console (mf-dealer) sends them (ADR 0069).
 */
export const LEAD_STATUSES = ["new", "contacted", "appointment", "sold", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_WORDS: Record<LeadStatus, string> = { new: "New", contacted: "Contacted", appointment: "Appointment", sold: "Sold", lost: "Lost" };

/** A lead update's limits (ADR 0058): a person's name of a line, a note of a few paragraphs. */
export const LEAD_UPDATE_LIMITS = { assignedTo: 100, note: 2000, author: 100 } as const;
export const leadUpdateSchema = z.object({
  status: z.enum(LEAD_STATUSES).optional(),
  /** The salesperson the lead is assigned to; empty unassigns. */
  assigned_to: leadText(LEAD_UPDATE_LIMITS.assignedTo).optional(),
  note: leadText(LEAD_UPDATE_LIMITS.note).optional(),
  author: leadText(LEAD_UPDATE_LIMITS.author).optional(),
});
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

export const CHAT_MESSAGE_MAX = 2000;
export const chatMessageSchema = z.object({ message: requiredText("Please enter a message.", CHAT_MESSAGE_MAX) });
