import type { PriceDisplay } from "@dealer/shared/rules";

export type GalleryImage = { id: string; src: string; srcSet: string; thumbSrc: string; alt: string };
export type KeyFact = { label: string; value: string };

/** Everything VehicleDetail renders; plain JSON, resolved by the loader so server and browser agree. */
export type VehicleDetailProps = {
  car: { id: number; slug: string; title: string; sold: boolean; vehicleType: string };
  price: PriceDisplay;
  facts: KeyFact[];
  images: GalleryImage[];
};
