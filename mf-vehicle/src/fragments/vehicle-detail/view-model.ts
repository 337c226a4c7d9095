import type { SiteConfig } from "@dealer/shared/config";
import type { Car } from "@dealer/shared/contract";
import { slotImage, type SlotImage, vehicleImageUrl } from "@dealer/shared/media";
import {
  carRepayment,
  cardTag,
  financeLink,
  formatMoney,
  initialViewerMode,
  isSold,
  locatedAtText,
  maskPhone,
  type PriceDisplay,
  priceTypeText,
  depositText,
  RESERVE_CAR_LABEL,
  checkoutPath,
  onlinePurchasePath,
  soldVehicleMessage,
  printPath,
  FIND_SIMILAR_LABEL,
  showCertifiedDialog,
  showGalleryThumbnails,
  tradeInPath,
  vehicleBreadcrumbs,
  type VehicleButtons,
  vehicleButtons,
  vehiclePath,
  vehicleTitle,
  videoKind,
  videoSlideIndex,
  viewerModes,
  visibleSpecRows,
  listedPrice,
  driveAwayEstimate,
  DRIVE_AWAY_FORM_FIELDS,
  registrationPlace,
  repaymentLabels,
  subscriptionOffer,
  WEEKLY_SUFFIX,
} from "@dealer/shared/rules";
import { viewedCarRecord } from "../../viewed-car";
import { vehicleStructuredData } from "./structured-data";
import type { DriveAwayPanelProps, Hotspot, ImageSlide, KeyFact, SidebarButton, Slide, VehicleDetailProps, VideoSlide } from "./props";

/** The spin's frames as it turns: one width (the gallery's box), since a frame is shown only while dragging. */
const SPIN_FRAME_WIDTH = 600;
/** Where the enquiry form sits on the vehicle page (the enquiry slot of the route's plan). */
export const ENQUIRY_ANCHOR = "#slot-enquiry";

const kmFormat = new Intl.NumberFormat("en-AU");

/** The sidebar's icon facts (km, transmission, body, fuel); empty, null and 'null' values are dropped. */
function keyFacts(car: Car): KeyFact[] {
  const rows = visibleSpecRows<KeyFact | { icon: KeyFact["icon"]; label: string; value: string | null | undefined }>([
    { icon: "km", label: "Kilometres", value: car.km === null || car.km === undefined ? null : `${kmFormat.format(car.km)} km` },
    { icon: "transmission", label: "Transmission", value: car.simple_transmission },
    { icon: "body", label: "Body", value: car.simple_body },
    { icon: "fuel", label: "Fuel", value: car.simple_fuel },
  ]);
  return rows.map(({ icon, label, value }) => ({ icon, label, value: String(value) }));
}

function imageSlides(car: Car, title: string): ImageSlide[] {
  return car.images.map(({ image, photo }, index) => ({
    kind: "image",
    id: `${car.id}-${index}`,
    // Width, height, srcset and sizes by the slot's rule; a dealer's photo's colour fills it until it loads (ADR 0071).
    image: slotImage("gallery", image.url, photo),
    thumb: slotImage("thumbnail", image.thumb.url || image.url, photo),
    // An uploaded photo's own alt text (ADR 0075) comes first; the position still says where it is.
    alt: `${photo?.alt ? photo.alt : title}, image ${index + 1} of ${car.images.length}`,
  }));
}

/** Only http(s) and root-relative addresses play; anything else (a broken feed value) is left out. */
function playableUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function videoSlide(car: Car, title: string, thumb: SlotImage | null): VideoSlide | null {
  const src = playableUrl(car.external_video_url) ?? playableUrl(car.video_url);
  if (!src) return null;
  return { kind: "video", id: `${car.id}-video`, src, player: videoKind(src), thumb, alt: `${title}, video` };
}

/** The stock video's place among the images: start, second (default), middle or end. */
export function insertVideo(images: ImageSlide[], video: VideoSlide | null, position: SiteConfig["vehicle"]["stockVideoPosition"]): Slide[] {
  if (!video) return images;
  const at = videoSlideIndex(images.length, position);
  return [...images.slice(0, at), video, ...images.slice(at)];
}

function hotspots(list: NonNullable<Car["hotspots"]>["exterior"] | undefined): Hotspot[] {
  return (list ?? []).map((spot) => ({ id: String(spot.id), description: spot.description, positions: spot.positions }));
}

/** GET {car path}/view.json with photos_count, updated_at and website_id (spec §7). */
function viewCounterPath(car: Car, siteSlug: string): string {
  const query = new URLSearchParams({ photos_count: String(car.photos_count), updated_at: car.updated_at, website_id: siteSlug });
  return `${vehiclePath(car.slug)}/view.json?${query}`;
}

export function priceText(price: PriceDisplay): string {
  switch (price.kind) {
    case "subscription":
      return `${formatMoney(price.amount)}${price.suffix}`;
    case "price":
      return formatMoney(price.amount);
    default:
      return price.text;
  }
}

function sidebarButtons(car: Car, config: SiteConfig): { buttons: SidebarButton[]; testDriveOnly: boolean; shown: VehicleButtons } {
  const shown = vehicleButtons(car, config, false);
  const buttons: SidebarButton[] = [];
  // Spec §4: a sold car's enquiry form asks for something similar; the button opens it (Email Us dialog, else the form below).
  if (shown.findSimilar) buttons.push({ id: "findSimilar", label: FIND_SIMILAR_LABEL, href: ENQUIRY_ANCHOR, emailUs: car.slug });
  if (shown.enquire) buttons.push({ id: "enquire", label: config.labels.enquireButton, href: ENQUIRY_ANCHOR, emailUs: car.slug });
  if (shown.history && car.file) buttons.push({ id: "history", label: "Car History Report", href: car.file, external: true });
  if (shown.finance) buttons.push({ id: "finance", label: config.vehicle.financeButtonLabel, href: financeLink(config.finance.financePath, car) });
  if (shown.tradeIn) buttons.push({ id: "tradeIn", label: "Trade-In Valuation", href: tradeInPath(car.id) });
  if (shown.reserve) {
    const note = depositText(config.reserve);
    buttons.push({ id: "reserve", label: RESERVE_CAR_LABEL, href: checkoutPath(car.slug, config.vehicle), ...(note ? { note } : {}) });
  }
  if (shown.onlinePurchase) buttons.push({ id: "onlinePurchase", label: "Online Purchase", href: onlinePurchasePath(car.slug) });
  return { buttons, testDriveOnly: shown.testDriveOnly, shown };
}

export type VehicleContext = {
  config: SiteConfig;
  siteSlug: string;
  /** City of the site's primary location, for 'Located at {city}'. */
  primaryCity: string | null;
  /** The page's origin and the site's name, for the structured data (absolute URLs, the seller). */
  origin: string;
  siteName: string;
  /** For the repayment's dates and the just-arrived tag banner; now unless a test fixes it. */
  now?: Date;
  /** The page's query: the drive-away form's place without JavaScript (DRIVE_AWAY_FORM_FIELDS). */
  query?: Record<string, string>;
};

/** The drive-away panel's props: the estimate for the place the page's query names (no JavaScript), else none. */
function driveAwayPanel(car: Car, price: number, config: SiteConfig, query: Record<string, string>): DriveAwayPanelProps {
  const state = query[DRIVE_AWAY_FORM_FIELDS.state]?.slice(0, 10) ?? "";
  const postcode = query[DRIVE_AWAY_FORM_FIELDS.postcode]?.slice(0, 10) ?? "";
  const place = state || postcode ? registrationPlace({ state, postcode }) : null;
  const estimate =
    place?.ok ? driveAwayEstimate({ car, price, state: place.state, rates: config.driveAway.rates, deliveryCharge: config.driveAway.deliveryCharge }) : null;
  return { carId: car.id, priceType: priceTypeText(car.price_type), asked: { state, postcode, estimate, error: place && !place.ok ? { field: place.field, message: place.message } : null } };
}

/** The vehicle page's top fragment, resolved from the car record and the site's configuration. */
export function vehicleDetailProps(car: Car, { config, siteSlug, primaryCity, origin, siteName, now = new Date(), query = {} }: VehicleContext): Required<VehicleDetailProps> {
  const title = vehicleTitle(car);
  const images = imageSlides(car, title);
  const video = videoSlide(car, title, images[0]?.thumb ?? null);
  const spin = car.spin_images[0]
    ? {
        first: slotImage("gallery", car.spin_images[0]),
        frames: car.spin_images.map((frame) => vehicleImageUrl(frame, { width: SPIN_FRAME_WIDTH })),
        hotspots: hotspots(car.hotspots?.exterior),
        autoRotateMs: config.vehicle.spinAutoRotateMs,
      }
    : null;
  const interior = car.spin_interior_image ? { image: slotImage("gallery", car.spin_interior_image), hotspots: hotspots(car.hotspots?.interior) } : null;
  const sold = isSold(car.status);
  // The car's price is its price; a subscription is a separate weekly offer beside it (ADR 0038).
  const price = listedPrice(car, config);
  const subscription = subscriptionOffer(car, config);
  const { buttons, testDriveOnly, shown } = sidebarButtons(car, config);
  const phoneNumber = car.location?.phone?.trim();
  const located = locatedAtText(car.location?.address.city ?? car.city, primaryCity);
  const address = car.location?.address;
  const directions = address
    ? (playableUrl(address.place_url) ?? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address.street}, ${address.city} ${address.state} ${address.postcode}`)}`)
    : null;
  const reserve = buttons.find((button) => button.id === "reserve");
  const repayment = repaymentLabels(carRepayment(car, config, now));
  // The banner is the card's own tag (one label, labels.justArrivedLabel): the card and the page say the same.
  const justArrived = cardTag(car, config, now);
  const slides = insertVideo(images, video, config.vehicle.stockVideoPosition);
  const media = { modes: viewerModes(car), slides, thumbnails: showGalleryThumbnails(slides.length), spin, walkaround: video, interior };

  return {
    interactive: {
      car: { id: car.id, slug: car.slug, title, path: vehiclePath(car.slug), make: car.make, model: car.model },
      price,
      priceLabels: {
        amount: price.kind === "price" ? formatMoney(price.amount) : price.text,
        before: price.kind === "price" && price.struckBeforePrice !== null ? formatMoney(price.struckBeforePrice) : null,
        subscription: subscription !== null && !sold ? `${formatMoney(subscription)}${WEEKLY_SUFFIX}` : null,
        type: priceTypeText(car.price_type),
      },
      repayment: sold ? null : repayment,
      soldMessage: sold ? soldVehicleMessage(car.item_type) : null,
      media: { ...media, initialMode: initialViewerMode(car, config.vehicle) },
      phone: phoneNumber && !sold ? { number: phoneNumber, masked: maskPhone(phoneNumber), revealed: config.features.phoneRevealed, dealershipId: car.dealership_id } : null,
      websiteId: siteSlug,
      share: { hideTwitter: config.features.hideTwitterShare },
      announcement: located ? { text: located, directionsHref: directions } : null,
      driveAway: price.kind === "price" && !sold ? driveAwayPanel(car, price.amount, config, query) : null,
      towing: car.item_type === "caravan" && !sold ? { carId: car.id, atm: car.caravan_specifications?.aggregate_trailer_mass ?? null } : null,
      tagBanner: justArrived.kind === "just_arrived" ? justArrived.label : null,
      saved: {
        favourite: shown.favourite ? { id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url ?? null } : null,
        compare: shown.compare,
      },
      views: { path: viewCounterPath(car, siteSlug), record: viewedCarRecord(car) },
      sticky: {
        image: car.images[0] ? slotImage("sticky", car.images[0].image.url, car.images[0].photo) : null,
        summary: [car.simple_transmission, car.simple_body].filter(Boolean).join(" · ") || null,
        priceText: sold ? config.labels.soldLabel : priceText(price),
        priceType: sold ? null : priceTypeText(car.price_type),
        financeHref: buttons.find((button) => button.id === "finance")?.href ?? null,
        tradeInHref: buttons.find((button) => button.id === "tradeIn")?.href ?? null,
        reserve: reserve ? { label: reserve.label, href: reserve.href } : null,
        enquireHref: ENQUIRY_ANCHOR,
      },
    },
    staticParts: {
      breadcrumbs: vehicleBreadcrumbs({ ...car, name: title }, config.search),
      structuredData: vehicleStructuredData(car, { title, price, image: images[0]?.image.src, origin, siteName }),
      facts: keyFacts(car),
      buttons,
      testDriveOnly,
      certifiedManufacturer: showCertifiedDialog(car, config.vehicle.certifiedManufacturer) ? config.vehicle.certifiedManufacturer : null,
      printHref: printPath(car.slug),
      dealerStockHref: `${config.search.landingBase}/${encodeURIComponent(car.dealership_slug)}`,
    },
  };
}
