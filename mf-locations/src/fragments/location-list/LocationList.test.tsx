import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import LocationList from "./LocationList";
import type { LocationCard } from "./props";

const card: LocationCard = {
  id: 11,
  name: "Harbour City Toyota",
  slug: "harbour-city-toyota",
  address: { street: "12 Wharf St", city: "Brisbane", state: "QLD", postcode: "4000" },
  phone: "(07) 3000 1234",
  directionsUrl: "https://www.google.com/maps/search/?api=1&query=-27.47,153.02",
  today: { hours: { text: "08:30 - 17:30", href: null }, holiday: null },
  week: [
    { days: "Monday - Friday", hours: { text: "08:30 - 17:30", href: null } },
    { days: "Sunday", hours: { text: "Enquire Now", href: "/contact" } },
  ],
};

describe("LocationList", () => {
  it("renders name, address, a tel: link, today's hours and directions", () => {
    const html = renderToString(<LocationList heading="Our locations" locations={[card]} />);
    expect(html).toContain("Our locations</h2>");
    expect(html).toContain("Harbour City Toyota</h3>");
    expect(html).toContain("Brisbane QLD 4000");
    expect(html).toContain('href="tel:0730001234"');
    expect(html).toMatch(/Today: <\/span>08:30 - 17:30/);
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=-27.47,153.02"');
  });

  it("keeps the week behind a collapsed 'Show all hours' toggle", () => {
    const html = renderToString(<LocationList heading="Our locations" locations={[card]} />);
    expect(html).toMatch(/aria-expanded="false"[^>]*>Show all hours<\/button>/);
    expect(html).toMatch(/<dl [^>]*hidden=""/);
    expect(html).toContain("Monday - Friday");
    expect(html).toContain('<a href="/contact">Enquire Now</a>');
  });

  it("names a holiday in today's line", () => {
    const html = renderToString(<LocationList heading="x" locations={[{ ...card, today: { hours: { text: "Closed", href: null }, holiday: "Christmas Day" } }]} />);
    expect(html).toContain("Today (Christmas Day): </span>Closed");
  });
});
