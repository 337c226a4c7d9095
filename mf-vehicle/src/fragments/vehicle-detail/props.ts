import type { Favourite, ViewedCar } from "@dealer/shared/contract";
import type { SlotImage } from "@dealer/shared/media";
import type { Breadcrumb, DriveAwayEstimate, ListedPrice, RepaymentLabels, ViewerMode } from "@dealer/shared/rules";

export type ImageSlide = { kind: "image"; id: string; image: SlotImage; thumb: SlotImage; alt: string };
export type VideoSlide = { kind: "video"; id: string; src: string; player: "embed" | "native"; thumb: SlotImage | null; alt: string };
export type Slide = ImageSlide | VideoSlide;

export type Hotspot = { id: string; description: string; positions: Record<string, { x: number; y: number }> };
/** `first`: the first frame as the stage shows it before the spin's code loads (the page's first picture, preloaded). */
export type SpinMedia = { first: SlotImage; frames: string[]; hotspots: Hotspot[]; autoRotateMs: number };
export type InteriorMedia = { image: SlotImage; hotspots: Hotspot[] };

export type KeyFact = { icon: "km" | "transmission" | "body" | "fuel"; label: string; value: string };
export type SidebarButton = {
  id: "enquire" | "history" | "finance" | "tradeIn" | "reserve" | "onlinePurchase" | "findSimilar";
  label: string;
  href: string;
  external?: boolean;
  /** Enquire opens the Email Us dialog about this car (slug); its href is the inline form without script. */
  emailUs?: string;
  /** Terms shown beside the button (the reserve deposit: '$200 deposit, held 48 hours, 100% refundable'). */
  note?: string;
};
export type Phone = { number: string; masked: string; revealed: boolean; dealershipId: number };

/** Markup that needs no JavaScript: rendered by the server only (see ServerOnly). */
export type VehicleStaticParts = {
  breadcrumbs: Breadcrumb[];
  /** schema.org Car with its Offer, for search engines. */
  structuredData: Record<string, unknown>;
  facts: KeyFact[];
  buttons: SidebarButton[];
  testDriveOnly: boolean;
  /** The manufacturer of the certified-brand dialog, when this car gets it. */
  certifiedManufacturer: string | null;
  printHref: string;
  /** See more from this dealer: /search/{dealership_slug} (spec §2). */
  dealerStockHref: string;
};

/** The drive-away panel beside a price (issue 34): the estimate for the place the page's query names, if any. */
export type DriveAwayPanelProps = {
  carId: number;
  /** The dealer's price type (Drive Away, Excl. Government Charges, Excl. GST), which the price block states too. */
  priceType: string;
  /** The page's own form (without JavaScript): the place asked for, its estimate, or the field's problem. */
  asked: { state: string; postcode: string; estimate: DriveAwayEstimate | null; error: { field: "state" | "postcode"; message: string } | null };
};

/** "My tow vehicle" on a caravan's page: the van's ATM (null when its listing has none). */
export type TowCheckProps = { carId: number; atm: number | null };

/** What the interactive parts (viewer, phone, share, sticky bars, announcement) need in the browser. */
export type VehicleInteractiveProps = {
  car: { id: number; slug: string; title: string; path: string; make: string; model: string };
  /** The car's own price (a subscription never replaces it). */
  price: ListedPrice;
  /**
   * The price's figures already formatted, so the browser build needs no money formatting of its own; a subscription
   * is a separate weekly offer; type: Drive Away or what the amount excludes, beside it (ACL s48).
   */
  priceLabels: { amount: string; before: string | null; subscription: string | null; type: string };
  /** The car's one advertised repayment and its rates (ADR 0038), in the price block and the sticky header. */
  repayment: RepaymentLabels | null;
  soldMessage: string | null;
  media: {
    modes: ViewerMode[];
    initialMode: ViewerMode;
    slides: Slide[];
    /** Thumbnails show only over 3 slides (decided on the server, so the rule ships no code). */
    thumbnails: boolean;
    spin: SpinMedia | null;
    walkaround: VideoSlide | null;
    interior: InteriorMedia | null;
  };
  phone: Phone | null;
  websiteId: string;
  share: { hideTwitter: boolean };
  announcement: { text: string; directionsHref: string | null } | null;
  /** For a priced car in stock; null otherwise. */
  driveAway: DriveAwayPanelProps | null;
  /** For a caravan in stock; null otherwise. */
  towing: TowCheckProps | null;
  /** The card's just-arrived tag (labels.justArrivedLabel) as a banner over a just-arrived car; null otherwise. */
  tagBanner: string | null;
  /** Favourite and compare toggles by the button rules: the favourite record to keep, or null when hidden. */
  saved: { favourite: Favourite | null; compare: boolean };
  /** The view counter's call (view.json with its query) and the viewed-car record kept on the device. */
  views: { path: string; record: ViewedCar };
  sticky: {
    image: SlotImage | null;
    summary: string | null;
    priceText: string;
    priceType: string | null;
    financeHref: string | null;
    tradeInHref: string | null;
    reserve: { label: string; href: string } | null;
    enquireHref: string;
  };
};

/** Everything VehicleDetail renders on the server; the browser receives only `interactive`. */
export type VehicleDetailProps = { interactive: VehicleInteractiveProps; staticParts?: VehicleStaticParts };
