import { type VehicleImageAngle, type VehicleImageBody, type VehicleImageColour, vehicleImagePath, vehicleImageUrl } from "@dealer/shared/media";
import type { CarInput } from "@dealer/shared/contract";
import type { CatalogueKey } from "./catalogue";
import type { Rng } from "./prng";

const BODY_PICTURE: Record<string, VehicleImageBody> = {
  Sedan: "sedan",
  Hatch: "hatch",
  SUV: "suv",
  Ute: "ute",
  "Cab Chassis": "ute",
  Wagon: "wagon",
  Van: "van",
  "People Mover": "van",
  Coupe: "coupe",
  Convertible: "convertible",
};

const PICTURE_BY_CATALOGUE: Record<Exclude<CatalogueKey, "cars">, VehicleImageBody> = {
  motorcycles: "motorcycle",
  trucks: "truck",
  caravans: "caravan",
};

export function pictureBody(catalogue: CatalogueKey, simpleBody: string): VehicleImageBody {
  return catalogue === "cars" ? (BODY_PICTURE[simpleBody] ?? "sedan") : PICTURE_BY_CATALOGUE[catalogue];
}

type Media = Pick<
  CarInput,
  "images" | "thumbnails" | "primary_image_url" | "spin_images" | "spin_code" | "spin_interior_image" | "hotspots" | "photos_count"
>;

const VEHICLE_HOTSPOTS: NonNullable<Media["hotspots"]> = {
  exterior: [
    { id: 1, description: "LED headlights", positions: { "0": { x: 22, y: 48 }, "3": { x: 30, y: 47 }, "21": { x: 70, y: 47 } } },
    { id: 2, description: "Alloy wheels", positions: { "6": { x: 28, y: 70 }, "18": { x: 72, y: 70 } } },
    { id: 3, description: "Tow bar fitted", positions: { "12": { x: 50, y: 62 } } },
  ],
  interior: [{ id: "i1", description: "Touchscreen with smartphone mirroring", positions: { "0": { x: 52, y: 40 } } }],
};
/** A van's own features where the spin shows them: its drawbar at the front, spare wheel at the back (frame 12). */
const CARAVAN_HOTSPOTS: NonNullable<Media["hotspots"]> = {
  exterior: [
    { id: 1, description: "Drawbar with twin gas bottles and jockey wheel", positions: { "0": { x: 50, y: 72 } } },
    { id: 2, description: "Off-road tyres", positions: { "6": { x: 58, y: 72 }, "18": { x: 42, y: 72 } } },
    { id: 3, description: "Rear-mounted spare wheel", positions: { "12": { x: 50, y: 55 } } },
  ],
  interior: [{ id: "i1", description: "Queen bed and full kitchen", positions: { "0": { x: 52, y: 40 } } }],
};

/**
 * The demo's photo origin (ADR 0083, 0094): `npm start` serves the project's rendered JPEGs at PLATFORM_PORT + 200 on
 * 127.0.0.1, and the demo feed names them there, so they come in by URL through the queue as a dealer's photos do.
 */
export const DEMO_PHOTO_ORIGIN_OFFSET = 200;
export const demoPhotoOrigin = (platformPort: number) => `http://127.0.0.1:${platformPort + DEMO_PHOTO_ORIGIN_OFFSET}`;
/** The running checkout's origin: PLATFORM_PORT as npm start reads it (8787 unless set). */
export const localDemoPhotoOrigin = () => demoPhotoOrigin(Number(globalThis.process?.env?.PLATFORM_PORT ?? 8787));

export interface DemoPicture {
  body: VehicleImageBody;
  colour: VehicleImageColour;
  angle: VehicleImageAngle;
}
/** The origin's path of a gallery photo: vehicles/{body}/{colour}/{angle}.jpg. */
export const demoPhotoPath = ({ body, colour, angle }: DemoPicture): string => `vehicles/${body}/${colour}/${angle}.jpg`;
/** The origin's path of a spin frame: vehicles/{body}/{colour}/spin/{frame}.jpg. */
export const demoSpinFramePath = (body: VehicleImageBody, colour: VehicleImageColour, frame: number): string => `vehicles/${body}/${colour}/spin/${frame}.jpg`;

/**
 * A gallery's angles, in order: at most four (ADR 0094). Each is a distinct picture a site ingests per body and paint,
 * so the interior and dash views are left to the drawings' spin panorama.
 */
export const DEMO_GALLERY_ANGLES: VehicleImageAngle[] = ["three-quarter", "side", "front", "rear"];

/**
 * The cars that show a spin (ADR 0094): 24 frames each, uploaded through the stock API after the load as a dealer's
 * spin is, so only the first in-stock car drawn a spin on each of these sites has one; the others drawn a spin keep its
 * hotspots and code for the day they get frames.
 */
export const DEMO_SPIN_SITES = ["harbour-city-motors", "summit-auto-group"] as const;

/** Gallery photos by URL from the demo's photo origin, and, for a car drawn a spin, its hotspots and spin code. */
export function vehicleMedia(
  body: VehicleImageBody,
  colour: VehicleImageColour,
  stocknum: string,
  options: { withImages: boolean; withSpin: boolean; photoOrigin: string },
  rng: Rng,
): Media {
  if (!options.withImages) {
    return { images: [], thumbnails: [], primary_image_url: null, spin_images: [], photos_count: 0 };
  }
  // The draw of the gallery's length is kept as it was (2 to 6) so the seeded sequence after it is unchanged.
  const angles = DEMO_GALLERY_ANGLES.slice(0, rng.int(2, 6));
  // No thumb and no primary: the platform makes its own from the held copy, as for any dealer's photo.
  const images = angles.map((angle) => ({ image: { url: `${options.photoOrigin}/${demoPhotoPath({ body, colour, angle })}` } }));
  const media: Media = { images, thumbnails: [], primary_image_url: null, spin_images: [], photos_count: images.length };
  if (!options.withSpin) return media;
  return {
    ...media,
    spin_code: `spin-${stocknum.toLowerCase()}`,
    spin_interior_image: vehicleImageUrl(vehicleImagePath(body, colour, "interior")),
    hotspots: body === "caravan" ? CARAVAN_HOTSPOTS : VEHICLE_HOTSPOTS,
  };
}

type SpinCandidate = Pick<CarInput, "site" | "status" | "spin_code" | "images" | "show_on_dealer_website">;
const spinSiteCar = (vehicles: SpinCandidate[], site: string) =>
  vehicles.find((v) => v.site === site && v.status === "in_stock" && v.spin_code && v.show_on_dealer_website !== false && (v.images ?? []).length > 0);

/** The demo cars given a spin: the first in-stock car drawn one (it has a spin code) with photos, on each spin site. */
export function demoSpinCars<T extends SpinCandidate>(vehicles: T[]): T[] {
  return DEMO_SPIN_SITES.flatMap((site) => {
    const car = spinSiteCar(vehicles, site);
    return car ? [car as T] : [];
  });
}

/** The interior panorama goes with a spin (the viewer's Interior mode): a car drawn a spin that has no frames shows none. */
export function keepInteriorWithSpin(vehicles: CarInput[]): void {
  const spinning = new Set(demoSpinCars(vehicles));
  for (const car of vehicles) if (!spinning.has(car)) car.spin_interior_image = null;
}

/**
 * A demo car without its photos: tests of the stock's own path post demo cars as plain records, whose photo URLs would
 * go to the photo queue (tested on its own, mf-search/src/stock/photos/).
 */
export const withoutPhotos = <T extends Pick<CarInput, "images" | "photos_count">>(car: T): T => ({ ...car, images: [], photos_count: 0 });
