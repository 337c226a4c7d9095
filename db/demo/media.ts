import {
  SPIN_FRAME_COUNT,
  type VehicleImageAngle,
  type VehicleImageBody,
  type VehicleImageColour,
  vehicleImagePath,
  vehicleImageUrl,
  vehicleSpinFramePath,
} from "@dealer/shared/media";
import type { CarInput } from "@dealer/shared/contract";
import type { CatalogueKey } from "./catalogue";
import type { Rng } from "./prng";

const THUMB = { width: 200, quality: 60 } as const;

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

const GALLERY_ORDER: VehicleImageAngle[] = ["three-quarter", "side", "front", "rear", "interior", "dash"];

/** Gallery (and for some cars a 360 spin with hotspots) drawn by the gateway's image routes. */
export function vehicleMedia(
  body: VehicleImageBody,
  colour: VehicleImageColour,
  stocknum: string,
  options: { withImages: boolean; withSpin: boolean },
  rng: Rng,
): Media {
  if (!options.withImages) {
    return { images: [], thumbnails: [], primary_image_url: null, spin_images: [], photos_count: 0 };
  }
  // A motorcycle has no interior and a caravan no dashboard: each gallery shows its own kind's views only.
  const angles = GALLERY_ORDER.filter((angle) => !(body === "motorcycle" && angle === "interior") && !(body === "caravan" && angle === "dash")).slice(0, rng.int(2, 6));
  const paths = angles.map((angle) => vehicleImagePath(body, colour, angle));
  const images = paths.map((path) => ({ image: { url: vehicleImageUrl(path), thumb: { url: vehicleImageUrl(path, THUMB) } } }));
  const media: Media = {
    images,
    thumbnails: images.map((image) => image.image.thumb.url),
    primary_image_url: images[0]?.image.url ?? null,
    spin_images: [],
    photos_count: images.length,
  };
  if (!options.withSpin) return media;
  const frames = Array.from({ length: SPIN_FRAME_COUNT }, (_, frame) => vehicleImageUrl(vehicleSpinFramePath(body, colour, frame)));
  return {
    ...media,
    spin_images: frames,
    spin_code: `spin-${stocknum.toLowerCase()}`,
    spin_interior_image: vehicleImageUrl(vehicleImagePath(body, colour, "interior")),
    hotspots: body === "caravan" ? CARAVAN_HOTSPOTS : VEHICLE_HOTSPOTS,
  };
}
