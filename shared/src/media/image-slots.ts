import type { SiteConfig } from "../config/site-config";
import { initialViewerMode, videoSlideIndex, type viewerModes } from "../rules/vehicle-media";
import { DEFAULT_IMAGE_QUALITY, imageAssetPath, vehicleImageUrl } from "./image-url";

/**
 * Where a car photo is shown, and what each place asks of it (issue 30 goal 5, ADR 0071): the box its width and height
 * attributes reserve (3:2, so the layout never shifts), the widths its `srcset` offers, and the `sizes` that tell the
 * browser how wide the slot is drawn before any CSS has loaded. Every candidate is a rung of one ladder, so the edge
 * keeps few sizes of a photo however many pages show it; a dealer's photo is never offered wider than it is.
 */
export const IMAGE_WIDTH_LADDER = [80, 120, 160, 240, 320, 480, 640, 800, 960, 1200, 1600] as const;

export type ImageSlot = "card" | "row" | "gallery" | "fullscreen" | "thumbnail" | "sticky" | "compare" | "saved" | "print";

type SlotRule = {
  /** The width and height attributes: the slot's own box at 1x. */
  width: number;
  height: number;
  /** The ladder's rungs from `min` to `max` are offered (max: the slot's widest drawing at 2x). */
  min: number;
  max: number;
  /** How wide the slot is drawn, by viewport (the page layouts' own breakpoints: 40rem, 64rem, 75rem). */
  sizes: string;
  quality: number;
};

/*
 * The sizes follow the CSS: pages are at most 75rem wide with 1rem padding; /search's grid has a 17rem filters column
 * from 64rem (3 cards, 1.5rem gaps; 2 cards with 1rem from 40rem); the car page's viewer is 3/5 of the main column
 * beside the 24rem aside from 64rem.
 */
/**
 * A card's photo (search results, favourites): at most 640 w at quality 65 (ADR 0095), so a card is <= 30 KB in AVIF and
 * in WebP. On a 390 px phone the card is drawn 358 px wide: 640 w is 1.8 device pixels a CSS pixel at 2x and 3x, where
 * 800 w doubled the bytes (a photo's grain survives the smaller downscale) and 960 w tripled them for detail a card's
 * size does not show; a lower quality hides its loss at that density.
 */
const CARD_PHOTO = { max: 640, quality: 65 } as const;

export const IMAGE_SLOTS: Record<ImageSlot, SlotRule> = {
  card: {
    width: 320,
    height: 213,
    min: 240,
    max: CARD_PHOTO.max,
    sizes: "(min-width: 75rem) 17.25rem, (min-width: 64rem) calc(33.3vw - 7.85rem), (min-width: 40rem) calc(50vw - 1.5rem), calc(100vw - 2rem)",
    quality: CARD_PHOTO.quality,
  },
  /** The similar-vehicles and featured-stock rows: cards 15rem wide (80% of a narrow phone). */
  row: { width: 240, height: 160, min: 240, max: 480, sizes: "(min-width: 19rem) 15rem, 80vw", quality: DEFAULT_IMAGE_QUALITY },
  gallery: {
    width: 600,
    height: 400,
    min: 320,
    max: 1600,
    sizes: "(min-width: 75rem) 27rem, (min-width: 64rem) calc(60vw - 18rem), calc(100vw - 2rem)",
    quality: DEFAULT_IMAGE_QUALITY,
  },
  /** The gallery's slides full screen: the same candidates, drawn across the viewport. */
  fullscreen: { width: 600, height: 400, min: 320, max: 1600, sizes: "100vw", quality: DEFAULT_IMAGE_QUALITY },
  /** Gallery thumbnails, 6rem wide. */
  thumbnail: { width: 120, height: 80, min: 120, max: 240, sizes: "6rem", quality: 60 },
  /** The sticky header's 4rem picture. */
  sticky: { width: 96, height: 64, min: 80, max: 240, sizes: "4rem", quality: 60 },
  /** A /compare column's picture, at most 240 px. */
  compare: { width: 240, height: 160, min: 240, max: 480, sizes: "15rem", quality: DEFAULT_IMAGE_QUALITY },
  /** Favourites and recently viewed: a grid or strip of cards 14 to 16rem wide (a whole phone's width below 34rem). */
  saved: { width: 240, height: 160, min: 240, max: CARD_PHOTO.max, sizes: "(min-width: 34rem) 16rem, calc(100vw - 2rem)", quality: CARD_PHOTO.quality },
  /** The print sheet's picture, at most 600 px: printers ask for detail, so up to 1200. */
  print: { width: 600, height: 400, min: 640, max: 1200, sizes: "(min-width: 37.5rem) 37.5rem, 100vw", quality: DEFAULT_IMAGE_QUALITY },
};

/**
 * Fixed widths where no srcset can go: a lead e-mail draws the car's photo 320 px wide (640 for 2x screens), and an ADF
 * record's `imagetag` and the lead record name that same copy; a link preview (Open Graph) asks for 1200.
 */
export const FIXED_IMAGE_WIDTHS = { lead: 640, share: 1200 } as const;
export const LEAD_IMAGE_BOX = { width: 320, height: 213 } as const;

/** What a page knows of a dealer's photo before it loads (ADR 0067): its own width and dominant colour. */
export type PhotoNote = { width?: number | undefined; colour?: string | undefined } | null | undefined;

/** The attributes of an `<img>` in a slot; components spread them, so the markup is the rule's. */
export type SlotImage = {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
  /** A dealer photo's dominant colour behind it until it loads (server markup: no script). */
  style?: { backgroundColor: string };
};

const COLOUR = /^#[0-9a-f]{6}$/i;

/** The widths a slot offers a picture: the ladder's rungs in the slot's range, none wider than the photo itself. */
export function slotWidths(slot: ImageSlot, intrinsicWidth?: number): number[] {
  const { min, max } = IMAGE_SLOTS[slot];
  const cap = intrinsicWidth && Number.isInteger(intrinsicWidth) && intrinsicWidth > 0 ? Math.min(intrinsicWidth, max) : max;
  const rungs: number[] = IMAGE_WIDTH_LADDER.filter((width) => width >= min && width <= cap);
  // A photo narrower than the slot's range, or between two rungs, is offered once at its own width.
  return rungs.at(-1) === cap ? rungs : [...rungs, cap];
}

/** A picture's `<img>` attributes in a slot: srcset over the slot's widths, src the one nearest the box. */
export function slotImage(slot: ImageSlot, url: string, photo?: PhotoNote): SlotImage {
  const rule = IMAGE_SLOTS[slot];
  const widths = slotWidths(slot, photo?.width);
  const path = imageAssetPath(url);
  const at = (width: number) => vehicleImageUrl(path, { width, quality: rule.quality });
  const fallback = widths.find((width) => width >= rule.width) ?? (widths.at(-1) as number);
  const colour = photo?.colour && COLOUR.test(photo.colour) ? photo.colour : null;
  return {
    src: at(fallback),
    srcSet: widths.map((width) => `${at(width)} ${width}w`).join(", "),
    sizes: rule.sizes,
    width: rule.width,
    height: rule.height,
    ...(colour ? { style: { backgroundColor: colour } } : {}),
  };
}

/** A car's first photo and what is known of it: the primary image, with its stored note when it is one of the car's photos. */
export function primaryPhoto(car: {
  primary_image_url?: string | null | undefined;
  images: readonly { image: { url: string }; photo?: PhotoNote }[];
}): { url: string; photo: PhotoNote } | null {
  const url = car.primary_image_url || car.images[0]?.image.url;
  if (!url) return null;
  const entry = car.images.find((candidate) => candidate.image.url === url);
  return { url, photo: entry?.photo ?? null };
}

/** A car's photo at a fixed width (lead e-mail, ADF, link previews), for places without a srcset. */
export const fixedImageUrl = (url: string, use: keyof typeof FIXED_IMAGE_WIDTHS) => vehicleImageUrl(url, { width: FIXED_IMAGE_WIDTHS[use] });

/** What the car page's first picture depends on: the viewer's modes and the car's first photo, spin frame and interior. */
export type LeadImageCar = Parameters<typeof viewerModes>[0] & {
  images: readonly { image: { url: string }; photo?: PhotoNote }[];
  spin_images: readonly string[];
};

/**
 * The picture the car page shows first, which the head preloads with high priority (ADR 0071): the viewer's first
 * mode's picture (the spin's first frame, the interior, or the gallery's first photo unless a video leads), in the
 * gallery's slot so the preload and the `<img>` name the same candidates. Null when a video comes first.
 */
export function carPageLeadImage(car: LeadImageCar, vehicle: Pick<SiteConfig["vehicle"], "defaultViewerMode" | "stockVideoPosition">): SlotImage | null {
  const mode = initialViewerMode(car, vehicle);
  if (mode === "spinner") return car.spin_images[0] ? slotImage("gallery", car.spin_images[0]) : null;
  if (mode === "interior") return car.spin_interior_image ? slotImage("gallery", car.spin_interior_image) : null;
  const first = car.images[0];
  const hasVideo = Boolean(car.video_url || car.external_video_url);
  if (mode !== "gallery" || !first || (hasVideo && videoSlideIndex(car.images.length, vehicle.stockVideoPosition) === 0)) return null;
  return slotImage("gallery", first.image.url, first.photo);
}
