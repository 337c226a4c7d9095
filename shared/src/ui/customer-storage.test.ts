import { describe, expect, it } from "vitest";
import { readCustomer, saveCustomer } from "./customer-storage";
import { memoryStorage } from "../rules/test-fixtures";

describe("customer storage", () => {
  it("stores name, email, phone and postcode only when name, email and phone are all present", () => {
    const storage = memoryStorage();
    expect(saveCustomer(storage, { name: "Jo", email: "jo@example.com", phone: "" })).toBe(false);
    expect(readCustomer(storage)).toBeNull();
    expect(saveCustomer(storage, { name: "Jo", email: "jo@example.com", phone: "0412345678", postcode: "4000" })).toBe(true);
    expect(readCustomer(storage)).toEqual({ name: "Jo", email: "jo@example.com", phone: "0412345678", postcode: "4000" });
  });

  it("ignores unreadable stored values", () => {
    const storage = memoryStorage();
    storage.setItem("dealer:customer", "{not json");
    expect(readCustomer(storage)).toBeNull();
    for (const bad of ["[]", "null", '{"name":"Jo","email":"jo@example.com"}', '{"name":"Jo","email":"e","phone":"p","postcode":4000}']) {
      storage.setItem("dealer:customer", bad);
      expect(readCustomer(storage)).toBeNull();
    }
  });

  it("keeps the stored fields only", () => {
    const storage = memoryStorage();
    storage.setItem("dealer:customer", '{"name":"Jo","email":"e","phone":"p","last_name":"Li","extra":1}');
    expect(readCustomer(storage)).toEqual({ name: "Jo", email: "e", phone: "p", last_name: "Li" });
  });
});
