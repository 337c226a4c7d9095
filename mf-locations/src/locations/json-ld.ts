import type { Location } from "@dealer/shared/contract";
import { listedDepartment, postalAddressStructuredData, WEEKDAY_NAMES } from "@dealer/shared/rules";

/** schema.org AutoDealer data for a location (name, address, geo, phone, opening hours of its main department). */
function autoDealer(location: Location, pageUrl: string) {
  const department = listedDepartment(location, "all");
  const openingHoursSpecification = location.contact_detail.opening_hours
    .filter((entry) => entry.location_type === department && entry.status === "Open" && entry.open && entry.close)
    .map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${WEEKDAY_NAMES[entry.weekday]}`,
      opens: entry.open,
      closes: entry.close,
    }));
  return {
    "@type": "AutoDealer",
    name: location.name,
    url: pageUrl,
    telephone: location.contact_detail.phone,
    address: postalAddressStructuredData(location.address),
    geo: { "@type": "GeoCoordinates", latitude: location.address.lat, longitude: location.address.long },
    openingHoursSpecification,
    ...(location.reviews && location.reviews.count > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: location.reviews.average_rating, reviewCount: location.reviews.count } }
      : {}),
  };
}

// "<" escaped so stored text can never close the script element.
const forScript = (data: object) => JSON.stringify({ "@context": "https://schema.org", ...data }).replace(/</g, "\\u003c");

/** One location's AutoDealer data (its detail page), serialised for a <script type="application/ld+json"> block. */
export const locationJsonLd = (location: Location, pageUrl: string): string => forScript(autoDealer(location, pageUrl));

/** Every listed location as one graph of AutoDealer entries, each with its opening hours and its detail page. */
export const locationsJsonLd = (locations: readonly Location[], detailsHref: (location: Location) => string): string =>
  forScript({ "@graph": locations.map((location) => autoDealer(location, detailsHref(location))) });
