/** A staff member's roles at their dealership (ADR 0045). Plain data: the rules reach shoppers' bundles, zod does not. */
export const STAFF_ROLES = ["admin", "salesperson", "read-only"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a staff member may do on the dealer pages. */
export type StaffPermission = "leads.read" | "leads.update" | "staff.invite" | "config.publish" | "audit.read" | "insights.read" | "stock.read" | "stock.photos";

const PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  admin: ["leads.read", "leads.update", "staff.invite", "config.publish", "audit.read", "insights.read", "stock.read", "stock.photos"],
  // Salespeople photograph the cars they sell (ADR 0078); read-only staff see the stock and its photos, nothing more.
  salesperson: ["leads.read", "leads.update", "insights.read", "stock.read", "stock.photos"],
  "read-only": ["leads.read", "insights.read", "stock.read"],
};

export const staffMay = (role: StaffRole, permission: StaffPermission): boolean => PERMISSIONS[role].includes(permission);

export const STAFF_ROLE_WORDS: Record<StaffRole, string> = { admin: "Admin", salesperson: "Salesperson", "read-only": "Read-only" };
