import type { SiteConfig } from "@dealer/shared/config";
import type { Car } from "@dealer/shared/contract";
import { type SlotImage, slotImage } from "@dealer/shared/media";
import { isSold, priceDisplay, shownPriceText, vehiclePath, vehicleTitle } from "@dealer/shared/rules";
import { type InfoRow, VEHICLE_DISCLAIMER, vehicleInfoProps } from "../vehicle-info/view-model";

/** The printable page and the PDF say the same things: this is what both are made from. */
export type PrintSheet = {
  slug: string;
  title: string;
  /** The price with its type beside it (ACL s48), as the car page shows it. */
  priceText: string;
  /** The car's first photo in the print slot; the sheet is printed, so it loads eagerly. */
  image: SlotImage | null;
  keyInformation: InfoRow[];
  details: InfoRow[];
  features: string[];
  comments: string[];
  location: { name: string; address: string; phone: string } | null;
  path: string;
  disclaimer: string;
};

export function printSheet(car: Car, config: SiteConfig, now: Date): PrintSheet {
  const info = vehicleInfoProps(car, config, now);
  const address = car.location?.address;
  return {
    slug: car.slug,
    title: vehicleTitle(car),
    priceText: isSold(car.status) ? config.labels.soldLabel : shownPriceText(priceDisplay(car, config), car.price_type),
    image: car.images[0] ? slotImage("print", car.images[0].image.url, car.images[0].photo) : null,
    keyInformation: info.keyInformation,
    details: info.details,
    features: info.features,
    comments: info.comments.pending ? [] : info.comments.paragraphs,
    location:
      car.location && address
        ? { name: car.location.name, address: `${address.street}, ${address.city} ${address.state} ${address.postcode}`, phone: car.location.phone }
        : null,
    path: vehiclePath(car.slug),
    disclaimer: VEHICLE_DISCLAIMER,
  };
}

/** The sheet as plain lines of text, for the PDF. */
export function printSheetLines(sheet: PrintSheet, siteName: string): string[] {
  const rows = (list: InfoRow[]) => list.map((row) => `${row.label}: ${row.value}`);
  return [
    siteName,
    "",
    sheet.title,
    sheet.priceText,
    "",
    ...rows(sheet.keyInformation),
    "",
    ...rows(sheet.details),
    ...(sheet.features.length ? ["", "Features", ...sheet.features.map((feature) => `- ${feature}`)] : []),
    ...(sheet.comments.length ? ["", "Dealer comments", ...sheet.comments] : []),
    ...(sheet.location ? ["", sheet.location.name, sheet.location.address, sheet.location.phone] : []),
    "",
    sheet.disclaimer,
  ];
}
