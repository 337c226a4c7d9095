import { describe, expect, it } from "vitest";
import { staffMay } from "./staff-roles";

describe("staffMay", () => {
  it("lets an admin do everything on the dealer pages", () => {
    for (const permission of ["leads.read", "leads.update", "staff.invite", "config.publish", "audit.read"] as const) expect(staffMay("admin", permission)).toBe(true);
  });
  it("lets a salesperson work leads but not publish configuration or invite", () => {
    expect(staffMay("salesperson", "leads.update")).toBe(true);
    expect(staffMay("salesperson", "config.publish")).toBe(false);
    expect(staffMay("salesperson", "staff.invite")).toBe(false);
  });
  it("lets read-only staff only read leads", () => {
    expect(staffMay("read-only", "leads.read")).toBe(true);
    expect(staffMay("read-only", "leads.update")).toBe(false);
  });
  it("lets admins and salespeople manage a car's photos, read-only staff only see them", () => {
    expect(staffMay("admin", "stock.photos")).toBe(true);
    expect(staffMay("salesperson", "stock.photos")).toBe(true);
    expect(staffMay("read-only", "stock.photos")).toBe(false);
    expect(staffMay("read-only", "stock.read")).toBe(true);
  });
});
