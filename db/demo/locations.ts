import type { HolidayHour, Location, OpeningHour } from "@dealer/shared/contract";
import { hoursRange, slugify, upcomingPublicHolidays } from "@dealer/shared/rules";
import { addDays } from "./dates";
import type { Rng } from "./prng";
import { type AuState, type Department, type DemoDealershipDef, type DemoLocationDef, TIMEZONE_BY_STATE } from "./sites";

type Hours = [open: string, close: string] | null;

/** Weekday hours (0 = Sunday) per department; late-night Thursday for sales. */
function weekHours(department: Department, def: DemoLocationDef): Hours[] {
  switch (department) {
    case "sales":
      return [
        def.sundayTrading ? ["10:00", "16:00"] : null,
        ["08:30", "17:30"],
        ["08:30", "17:30"],
        ["08:30", "17:30"],
        ["08:30", "19:00"],
        ["08:30", "17:30"],
        ["08:30", "16:00"],
      ];
    case "service":
      return [null, ["07:30", "17:00"], ["07:30", "17:00"], ["07:30", "17:00"], ["07:30", "17:00"], ["07:30", "17:00"], ["08:00", "12:00"]];
    case "parts":
      return [null, ["08:00", "17:00"], ["08:00", "17:00"], ["08:00", "17:00"], ["08:00", "17:00"], ["08:00", "17:00"], ["08:00", "12:00"]];
  }
}

function openingHours(def: DemoLocationDef): OpeningHour[] {
  return def.departments.flatMap((department) =>
    weekHours(department, def).map((hours, weekday): OpeningHour =>
      hours
        ? {
            weekday,
            status: "Open",
            open: hours[0],
            close: hours[1],
            formated_hours: hoursRange(hours[0], hours[1]) ?? undefined,
            location_type: department,
          }
        : { weekday, status: "Closed", open: null, close: null, formated_hours: "Closed", location_type: department },
    ),
  );
}

/** The location's state's next public holidays from `today`; sales trades on Boxing Day with short hours. */
function holidayHours(locationId: number, def: DemoLocationDef, today: string): HolidayHour[] {
  return upcomingPublicHolidays(def.state, addDays(today, -3), 10)
    .map((holiday) =>
      holiday.name === "Boxing Day" && def.departments.includes("sales")
        ? { date: holiday.date, status: "Open", start_hour: "10:00", end_hour: "16:00", location_id: locationId, name: holiday.name }
        : { date: holiday.date, status: "Closed", start_hour: null, end_hour: null, location_id: locationId, name: holiday.name },
    );
}

function licenceNumber(state: AuState, rng: Rng): string {
  const digits = (n: number) => String(rng.int(10 ** (n - 1), 10 ** n - 1));
  switch (state) {
    case "QLD":
      return digits(7);
    case "NSW":
      return `MD${digits(6)}`;
    case "VIC":
      return `LMCT ${digits(5)}`;
    case "WA":
      return `DL ${digits(5)}`;
    case "SA":
      return `MVD ${digits(6)}`;
  }
}

/** A demo location's id: its dealership's id, then its place in the dealership's list. */
export const demoLocationId = (dealership: Pick<DemoDealershipDef, "id">, index: number) => dealership.id * 100 + index + 1;

export function buildLocation(
  dealership: DemoDealershipDef,
  def: DemoLocationDef,
  index: number,
  today: string,
  rng: Rng,
): Location {
  const id = demoLocationId(dealership, index);
  const fullAddress = `${def.street}, ${def.city} ${def.state} ${def.postcode}`;
  const servicing = def.departments.includes("service");
  return {
    id,
    name: def.name,
    slug: slugify(def.name),
    location_type: def.departments,
    location_subtype: def.departments.includes("sales") && rng.chance(0.5) ? ["buying"] : [],
    primary: index === 0,
    visible: true,
    manufacturers: dealership.franchiseMakes,
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    dealer_license_number: licenceNumber(def.state, rng),
    motor_vehicle_repairer: servicing && def.state === "NSW" ? `MVRL${rng.int(10000, 99999)}` : null,
    timezone: TIMEZONE_BY_STATE[def.state],
    address: {
      street: def.street,
      city: def.city,
      state: def.state,
      postcode: def.postcode,
      place_id: `demo-place-${id}`,
      place_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(fullAddress)}`,
      map_key: null,
      lat: def.lat,
      long: def.long,
    },
    contact_detail: {
      phone: def.phone,
      landline_phone: def.phone,
      opening_hours: openingHours(def),
    },
    special_hours: holidayHours(id, def, today),
    image: null,
    reviews: { average_rating: rng.int(39, 49) / 10, count: rng.int(40, 1200) },
    // Declared on the def, not drawn from rng: the rest of the demo data stays as it was.
    distribution_locations: (def.distributionLocations ?? []).map((name, n) => ({ id: id * 10 + n + 1, name })),
  };
}
