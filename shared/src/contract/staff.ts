import { z } from "zod";
import { STAFF_ROLES } from "../rules/staff-roles";
import { leadText } from "./lead";
import { tooLongMessage } from "./limits";

/** A staff member's role, as an invitation or the staff form sends it (ADR 0045). */
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** An invitation's limits (ADR 0058): an address as long as e-mail allows, a name of a line. */
export const INVITATION_LIMITS = { email: 254, name: 100, dealership: 63 } as const;
/** A dealer admin's invitation to their own dealership: the console's form and the invitation API parse the same. */
export const invitationSchema = z
  .object({
    email: z
      .email("Enter the staff member's e-mail address.")
      .max(INVITATION_LIMITS.email, tooLongMessage(INVITATION_LIMITS.email))
      .transform((email) => email.toLowerCase()),
    role: staffRoleSchema,
    name: leadText(INVITATION_LIMITS.name).min(1).optional(),
  })
  .strict();
export type Invitation = z.infer<typeof invitationSchema>;
