import type { Location } from "@dealer/shared/contract";
import { WEEKDAY_NAMES } from "@dealer/shared/rules";
import { mainDepartment } from "./card";

/**
 * schema.org AutoDealer data for a location (name, address, geo, phone, opening hours of its main department),
 * serialised safely for a <script type="application/ld+json"> block.
 */
export function locationJsonLd(location: Location, pageUrl: string): string {
  const department = mainDepartment(location);
  const openingHoursSpecification = location.contact_detail.opening_hours
    .filter((entry) => entry.location_type === department && entry.status === "Open" && entry.open && entry.close)
    .map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${WEEKDAY_NAMES[entry.weekday]}`,
      opens: entry.open,
      closes: entry.close,
    }));
  const data = {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: location.name,
    url: pageUrl,
    telephone: location.contact_detail.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: location.address.street,
      addressLocality: location.address.city,
      addressRegion: location.address.state,
      postalCode: location.address.postcode,
      addressCountry: "AU",
    },
    geo: { "@type": "GeoCoordinates", latitude: location.address.lat, longitude: location.address.long },
    openingHoursSpecification,
    ...(location.reviews && location.reviews.count > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: location.reviews.average_rating, reviewCount: location.reviews.count } }
      : {}),
  };
  // "<" escaped so stored text can never close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
