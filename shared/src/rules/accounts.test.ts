import { describe, expect, it } from "vitest";
import { displayMobile, normaliseMobile, safeReturnPath, signInUrl } from "./accounts";

describe("accounts", () => {
  it("sign-in URL with type, redirect and back", () => {
    expect(signInUrl("watchlist", "/cars/a-car", "/cars/a-car")).toBe("/sign-in?type=watchlist&redirect=%2Fcars%2Fa-car&back=%2Fcars%2Fa-car");
  });
  it("reads Australian mobiles as people type them", () => {
    expect(normaliseMobile("0412 345 678")).toBe("+61412345678");
    expect(normaliseMobile("+61 (412) 345-678")).toBe("+61412345678");
    expect(normaliseMobile("61412345678")).toBe("+61412345678");
    expect(normaliseMobile("07 3123 4567")).toBeNull();
    expect(normaliseMobile("0412 345 67")).toBeNull();
    expect(normaliseMobile("0412a345678")).toBeNull();
    expect(displayMobile("+61412345678")).toBe("0412 345 678");
  });
  it("returns only to a path on this site", () => {
    expect(safeReturnPath("/cars/a?x=1#y")).toBe("/cars/a?x=1#y");
    expect(safeReturnPath("//evil.example/")).toBe("/");
    expect(safeReturnPath("https://evil.example/")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
    expect(safeReturnPath(undefined, "/my-garage")).toBe("/my-garage");
  });
});
