import { z } from "zod";
import { STAFF_ROLES } from "../rules/staff-roles";

/** A staff member's role, as an invitation or the staff form sends it (ADR 0045). */
export const staffRoleSchema = z.enum(STAFF_ROLES);
