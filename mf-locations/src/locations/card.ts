import type { SiteConfig } from "@dealer/shared/config";
import type { Location } from "@dealer/shared/contract";
import { dateTimeFormat, type Department, hoursOn, type OpenStatus, openStatus, licenceNumbers, listedDepartment, openingHoursRows, upcomingHolidayHours } from "@dealer/shared/rules";
import { mapPicture } from "./maps";

/** One line of hours; `href` is set when the dealer shows a closed weekend day as an 'Enquire Now' link. */
export type HoursText = { text: string; href: string | null };
export type HoursLine = { days: string; hours: HoursText };
export type HolidayLine = { date: string; label: string; name: string | null; text: string };

export type LocationCardView = {
  id: number;
  name: string;
  slug: string;
  dealershipId: number;
  address: { street: string; city: string; state: string; postcode: string };
  phone: string;
  /** A separate landline, when the location has one that differs from its main number. */
  landline: string | null;
  directionsUrl: string;
  detailsHref: string;
  map: { src: string; alt: string };
  /** Where the locations map puts its pin. */
  position: { lat: number; long: number };
  /** Resolved by the loader at request time in the location's time zone, so server and browser agree. */
  today: { hours: HoursText; holiday: string | null };
  /** "Open now · closes 5:30 PM" for the listed department, on the location's clock; null without hours. */
  status: OpenStatus | null;
  week: HoursLine[];
  holidays: HolidayLine[];
  licences: Array<{ label: string; value: string }>;
};

/** Where a closed weekend day's 'Enquire Now' link goes. */
export const ENQUIRE_PATH = "/contact";

export function directionsUrl(location: Pick<Location, "address">): string {
  return location.address.place_url?.startsWith("https://")
    ? location.address.place_url
    : `https://www.google.com/maps/search/?api=1&query=${location.address.lat},${location.address.long}`;
}


const holidayDate = (date: string) => dateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "long", timeZone: "UTC" }).format(Date.parse(`${date}T00:00:00Z`));

export function weekLines(location: Location, department: Department, labels: SiteConfig["labels"]): HoursLine[] {
  return openingHoursRows(location.contact_detail.opening_hours, department, labels).map((row) => ({
    days: row.label,
    hours: { text: row.text, href: row.enquireLink ? ENQUIRE_PATH : null },
  }));
}

/** A location's own page. */
export const locationDetailsPath = (location: Pick<Location, "slug">) => `/our-location/${location.slug}`;

/** A card shows the hours of the department it is listed for; its details link opens the page on that department. */
export function toCard(location: Location, config: SiteConfig, now: Date, department: Department = listedDepartment(location, "all")): LocationCardView {
  const { street, city, state, postcode } = location.address;
  const main = listedDepartment(location, "all");
  const today = hoursOn(location, department, now);
  const phone = location.contact_detail.phone;
  const landline = location.contact_detail.landline_phone?.trim();
  const licences = licenceNumbers(location, config.features.showLicenceNumber).map((value) => ({
    label: value === location.dealer_license_number ? "Dealer licence" : "Repairer licence",
    value,
  }));
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    dealershipId: location.dealership_id,
    address: { street, city, state, postcode },
    phone,
    landline: landline && landline !== phone ? landline : null,
    directionsUrl: directionsUrl(location),
    detailsHref: department === main ? locationDetailsPath(location) : `${locationDetailsPath(location)}?type=${department}`,
    map: mapPicture(location, config.maps),
    position: { lat: location.address.lat, long: location.address.long },
    today: { hours: { text: today.text, href: null }, holiday: today.holiday },
    status: openStatus(location, department, now),
    week: weekLines(location, department, config.labels),
    holidays: upcomingHolidayHours(location, now).map((entry) => ({
      date: entry.date,
      label: holidayDate(entry.date),
      name: entry.name ?? null,
      text: entry.text,
    })),
    licences,
  };
}
