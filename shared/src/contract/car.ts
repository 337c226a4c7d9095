import { z } from "zod";
import { PHOTO_LIMITS, type StoredPhotoEntry } from "../media/photo-rules";

/** Status values that count as "in stock"; anything else (sold, withdrawn...) reads as sold. */
export const carStatusSchema = z.string().min(1);
export const carTypeSchema = z.enum(["new", "demo", "used"]);
export const itemTypeSchema = z.enum(["car", "motorcycle", "truck", "caravan"]);

const nullableString = z.string().nullable().optional();
const nullableNumber = z.number().nullable().optional();

/**
 * A car's sane ranges (issue 33): a feed's negative price or odometer is refused by field, never shown as "-1 km".
 * $10 million is well over any vehicle a dealer lists (the dearest demo truck is $0.35 million) and catches a price
 * sent in cents; 3,000,000 km over any working truck's odometer.
 */
export const CAR_LIMITS = { price: 10_000_000, km: 3_000_000, seats: 100, doors: 10 } as const;
const amount = (max: number, what: string) =>
  z.number().min(0, `${what} cannot be negative.`).max(max, `${what} is at most ${max.toLocaleString("en-AU")}.`).nullable().optional();
const price = amount(CAR_LIMITS.price, "A price");

/**
 * A photo as the spec's feed gives it (`image.url`, `image.thumb.url`), its thumbnail optional, or a plain URL (issue
 * 30): stored in the spec's shape, the photo itself standing in for a thumbnail it lacks.
 */
export const imageSchema = z.union([
  z.string().min(1).transform((url): StoredPhotoEntry => ({ image: { url, thumb: { url } } })),
  z
    .object({
      image: z.object({ url: z.string().min(1), thumb: z.object({ url: z.string().min(1) }).optional() }),
      // The platform's own note of a dealer's photo (ADR 0067), kept when a stored car is read back; the feed's write
      // replaces it for every photo URL, so a feed cannot claim a size or colour for one.
      photo: z
        .object({
          source: z.string(),
          status: z.enum(["ready", "pending", "failed"]),
          width: z.number().int().positive().optional(),
          height: z.number().int().positive().optional(),
          colour: z.string().regex(/^#[0-9a-f]{6}$/).optional(),
          alt: z.string().max(PHOTO_LIMITS.maxAltText).optional(),
        })
        .optional(),
    })
    .transform(({ image, photo }): StoredPhotoEntry => ({ image: { url: image.url, thumb: image.thumb ?? { url: image.url } }, ...(photo ? { photo } : {}) })),
]);

/** A feed photo's own URL, in either shape a feed may send it. */
export const photoUrlOf = (photo: z.input<typeof imageSchema>) => (typeof photo === "string" ? photo : photo.image.url);

export const hotspotSchema = z.object({
  id: z.union([z.string(), z.number()]),
  description: z.string(),
  /** Position per angle: angle index -> {x, y} in percent of the frame. */
  positions: z.record(z.string(), z.object({ x: z.number(), y: z.number() })),
});

export const hotspotsSchema = z.object({
  exterior: z.array(hotspotSchema).default([]),
  interior: z.array(hotspotSchema).default([]),
});

export const variantSchema = z.object({
  cylinders: nullableNumber,
  enginesize: nullableNumber,
  enginesize_litres: nullableNumber,
  induction: nullableString,
  fuelconsumptioncombined: nullableNumber,
  fuelcapacity: nullableNumber,
  grossvehiclemass: nullableNumber,
  vehiclelength: nullableNumber,
  vehicleheight: nullableNumber,
  vehiclewidth: nullableNumber,
  towingcapacitybraked: nullableNumber,
  bodyconfiguration: nullableString,
  torque: nullableNumber,
  ancaprating: nullableNumber,
  geartype: nullableString,
});

export const caravanSpecificationsSchema = z.object({
  /** Metres, as the stock feed sends them (5.5 x 2.48 for a 5.5 m van), shown unconverted. */
  body_width: nullableNumber,
  body_length: nullableNumber,
  tare_weight: nullableNumber,
  axle_type: nullableString,
  sleeps: nullableNumber,
  aggregate_trailer_mass: nullableNumber,
});

/** One lender's figures for a car; `term{X}` keys (e.g. term5) are allowed through catchall. */
export const financeLenderEntrySchema = z
  .object({
    disclaimer: nullableString,
    deposit: nullableNumber,
    paymentWeek: nullableNumber,
    paymentMonth: nullableNumber,
    totalPayable: nullableNumber,
    interestRate: nullableNumber,
    comparisonRate: nullableNumber,
    termYears: nullableNumber,
    termMonths: nullableNumber,
    termWeeks: nullableNumber,
    balloon: nullableNumber,
    establishmentFees: nullableNumber,
    financeProvider: nullableString,
  })
  .catchall(z.unknown());

export const carAddressSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  place_url: nullableString,
});

export const carLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  phone: z.string(),
  address: carAddressSchema,
  distribution_locations: z.array(z.object({ id: z.number().int(), name: z.string() })).default([]),
});

export const youxQuoteSchema = z.object({
  weeklyRepaymentAmount: z.number(),
  advertisedRate: z.number(),
  comparisonRate: z.number(),
});

export const carSchema = z.object({
  // identity and description
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9-]+$/, "slug must be lower-case letters, digits and dashes"),
  name: z.string().min(1),
  year: z.number().int().min(1900).max(2100),
  make: z.string().min(1),
  model: z.string().min(1),
  badge: nullableString,
  series: nullableString,
  colour: nullableString,
  interior_colour: nullableString,
  stocknum: z.string().min(1),
  vin: nullableString,
  nvic: nullableString,
  regplate: nullableString,
  rego_expiry: nullableString,
  build_date: nullableString,
  compliance_date: nullableString,
  // pricing
  price,
  before_price: price,
  offer_price: price,
  subscription_price: price,
  price_type: nullableString,
  preorder: z.boolean().default(false),
  youxQuote: youxQuoteSchema.nullable().optional(),
  autograb_data: z
    .object({ state_average_market_price: nullableNumber, average_market_price: nullableNumber })
    .nullable()
    .optional(),
  // state
  status: carStatusSchema,
  sold_date: nullableString,
  show_on_dealer_website: z.boolean().default(true),
  car_type: carTypeSchema,
  tag: nullableString,
  reserved: z.boolean().default(false),
  certified: z.boolean().default(false),
  created_at: z.string(),
  updated_at: z.string(),
  views: z.number().int().nonnegative().default(0),
  photos_count: z.number().int().nonnegative().default(0),
  file: nullableString,
  item_type: itemTypeSchema.default("car"),
  path: nullableString,
  has_nvic: z.boolean().optional(),
  trade_in_enabled: z.boolean().default(true),
  checkout_enabled: z.boolean().default(false),
  // body and drive
  simple_body: nullableString,
  simple_transmission: nullableString,
  simple_fuel: nullableString,
  simple_drive: nullableString,
  trans: nullableString,
  drive: nullableString,
  fuel: nullableString,
  seats: amount(CAR_LIMITS.seats, "Seats"),
  doors: amount(CAR_LIMITS.doors, "Doors"),
  km: amount(CAR_LIMITS.km, "An odometer reading"),
  engine_size: nullableNumber,
  engine_size_litres: nullableNumber,
  gearnum: nullableNumber,
  bodyconfiguration: nullableString,
  variant: variantSchema.nullable().optional(),
  caravan_specifications: caravanSpecificationsSchema.nullable().optional(),
  // media
  images: z.array(imageSchema).max(PHOTO_LIMITS.perCar, `At most ${PHOTO_LIMITS.perCar} photos a vehicle.`).default([]),
  thumbnails: z.array(z.string()).default([]),
  primary_image_url: nullableString,
  video_url: nullableString,
  external_video_url: nullableString,
  spin_images: z.array(z.string()).default([]),
  spin_code: nullableString,
  spin_interior_image: nullableString,
  // The platform's own record of where the interior came from (ADR 0105); whatever a feed sends here is replaced.
  spin_interior_source: nullableString.describe("Kept by the platform: the feed's own spin_interior_image (a URL the queue fetches). Not read from a feed."),
  spin_interior_upload: nullableString.describe("Kept by the platform: the uploaded panorama's address, which wins over the feed's. Not read from a feed."),
  hotspots: hotspotsSchema.nullable().optional(),
  // other
  standardEquipment: z.array(z.string()).default([]),
  dealercomments: nullableString,
  private_suburb: nullableString,
  private_postcode: nullableString,
  carsales_title: nullableString,
  // links
  site: z.string().min(1),
  dealership_slug: z.string(),
  dealership_id: z.number().int(),
  city: nullableString,
  state: nullableString,
  location: carLocationSchema.nullable().optional(),
  /** Keyed by finance provider id (see financeProviderSchema). */
  finance_lenders: z.record(z.string(), financeLenderEntrySchema).default({}),
  payment_processors: z.array(z.string()).default([]),
});

export type Car = z.infer<typeof carSchema>;
export type CarInput = z.input<typeof carSchema>;
export type FinanceLenderEntry = z.infer<typeof financeLenderEntrySchema>;
export type YouxQuote = z.infer<typeof youxQuoteSchema>;
