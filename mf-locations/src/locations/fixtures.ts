import type { Location } from "@dealer/shared/contract";
import { locationSchema } from "@dealer/shared/contract";

const weekday = (day: number, open: string, close: string) => ({ weekday: day, status: "Open" as const, open, close });

/** Test-only: a Brisbane sales location open Mon-Fri 8:30-17:30, Saturday 9-13, closed Sunday. */
export function sampleLocation(overrides: Partial<Location> = {}): Location {
  return locationSchema.parse({
    id: 11,
    name: "Harbour City Toyota",
    slug: "harbour-city-toyota",
    primary: true,
    dealership_id: 1,
    dealership_slug: "harbour-city-toyota",
    timezone: "Australia/Brisbane",
    address: { street: "12 Wharf St", city: "Brisbane", state: "QLD", postcode: "4000", lat: -27.47, long: 153.02 },
    contact_detail: {
      phone: "(07) 3000 1234",
      opening_hours: [
        ...[1, 2, 3, 4, 5].map((day) => weekday(day, "08:30", "17:30")),
        weekday(6, "09:00", "13:00"),
        { weekday: 0, status: "Closed" },
      ],
    },
    special_hours: [{ date: "2025-12-25", status: "Closed", location_id: 11, name: "Christmas Day" }],
    ...overrides,
  });
}
