import { describe, expect, it } from "vitest";
import { calendarInvite } from "./ics";

describe("calendarInvite", () => {
  const event = {
    uid: "lead-42@harbour-city-motors",
    start: new Date("2026-05-09T00:00:00Z"),
    end: new Date("2026-05-09T01:00:00Z"),
    summary: "Test drive: 2021 Toyota Corolla, Ascent; Sport",
    location: "Harbour City North, 1 Harbour St, Sydney NSW 2000",
    description: `Change or cancel: https://example.test/api/leads/42/booking?token=${"a".repeat(64)}\nSee you then.`,
    url: "https://example.test/x",
    stamp: new Date("2026-05-01T23:30:00Z"),
  };
  const ics = calendarInvite(event, "Dealer platform");

  it("writes one event in UTC with escaped text and CRLF lines", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics).toContain("DTSTART:20260509T000000Z\r\n");
    expect(ics).toContain("DTEND:20260509T010000Z\r\n");
    expect(ics).toContain("SUMMARY:Test drive: 2021 Toyota Corolla\\, Ascent\\; Sport\r\n");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("folds lines over 75 octets, and unfolds to the text it escaped", () => {
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const description = ics.replace(/\r\n /g, "").split("\r\n").find((line) => line.startsWith("DESCRIPTION:"));
    expect(description).toBe(`DESCRIPTION:Change or cancel: https://example.test/api/leads/42/booking?token=${"a".repeat(64)}\\nSee you then.`);
  });
});
