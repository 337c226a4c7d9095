import { describe, expect, it } from "vitest";
import { POSTCODE_MESSAGE } from "../contract/postcode-messages";
import { auStateOf, notAustralianPostcodeMessage, stateOfPostcode } from "./au-states";

describe("a postcode's state", () => {
  it.each([
    ["2000", "NSW"],
    ["2600", "ACT"],
    ["2618", "ACT"],
    ["2619", "NSW"],
    ["2900", "ACT"],
    ["2921", "NSW"],
    ["0200", "ACT"],
    ["0800", "NT"],
    ["3000", "VIC"],
    ["8001", "VIC"],
    ["4000", "QLD"],
    ["9726", "QLD"],
    ["5000", "SA"],
    ["6000", "WA"],
    ["7000", "TAS"],
  ])("%s is in %s", (postcode, state) => expect(stateOfPostcode(postcode)).toEqual({ ok: true, state }));

  it("asks for 4 digits", () => {
    for (const bad of ["", "200", "20000", "abcd", "2 00"]) expect(stateOfPostcode(bad)).toEqual({ ok: false, message: POSTCODE_MESSAGE });
  });
  it("says a 4-digit number outside Australia's ranges is not Australian", () => {
    for (const bad of ["0000", "0100", "0300", "6798"]) expect(stateOfPostcode(bad)).toEqual({ ok: false, message: notAustralianPostcodeMessage(bad) });
  });
  it("reads a state code in any case, and nothing else", () => {
    expect(auStateOf(" qld ")).toBe("QLD");
    expect(auStateOf("Queensland")).toBeNull();
    expect(auStateOf(null)).toBeNull();
  });
});
