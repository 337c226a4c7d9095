import { type Car, carSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { imageSrcSet, vehicleImageUrl } from "@dealer/shared/media";
import { isSold, priceDisplay, vehicleTitle, visibleSpecRows } from "@dealer/shared/rules";
import { z } from "zod";
import type { Env } from "../../env";
import type { GalleryImage, KeyFact, VehicleDetailProps } from "./props";
import VehicleDetail from "./VehicleDetail";

const MAIN_WIDTHS = [600, 900, 1200] as const;
const THUMB_WIDTH = 120;

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/) });
const rowSchema = z.object({ data: z.string() });

const kmFormat = new Intl.NumberFormat("en-AU");

/** The sidebar's key facts; empty, null and 'null' values are dropped. */
function keyFacts(car: Car): KeyFact[] {
  const rows = visibleSpecRows([
    { label: "Kilometres", value: car.km === null || car.km === undefined ? null : `${kmFormat.format(car.km)} km` },
    { label: "Transmission", value: car.simple_transmission },
    { label: "Body", value: car.simple_body },
    { label: "Fuel", value: car.simple_fuel },
  ]);
  return rows.map(({ label, value }) => ({ label, value: String(value) }));
}

function galleryImages(car: Car, title: string): GalleryImage[] {
  return car.images.map(({ image }, index) => ({
    id: `${car.id}-${index}`,
    src: vehicleImageUrl(image.url, { width: MAIN_WIDTHS[0] }),
    srcSet: imageSrcSet(image.url, MAIN_WIDTHS),
    thumbSrc: vehicleImageUrl(image.thumb.url || image.url, { width: THUMB_WIDTH }),
    alt: `${title}, image ${index + 1} of ${car.images.length}`,
  }));
}

export async function loadVehicleDetail(request: FragmentRequest, env: Env): Promise<VehicleDetailProps> {
  const params = paramsSchema.safeParse(request.params);
  if (!params.success) throw new FragmentNotFound("No vehicle slug");
  const row = await env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND slug = ?")
    .bind(request.site.slug, params.data.slug)
    .first();
  if (!row) throw new FragmentNotFound(`No vehicle ${params.data.slug}`);
  const car = carSchema.parse(JSON.parse(rowSchema.parse(row).data));
  if (!car.show_on_dealer_website) throw new FragmentNotFound(`Vehicle ${car.slug} is not shown`);
  const title = vehicleTitle(car);
  return {
    car: { id: car.id, slug: car.slug, title, sold: isSold(car.status), vehicleType: car.item_type },
    price: priceDisplay(car, request.config),
    facts: keyFacts(car),
    images: galleryImages(car, title),
  };
}

export const vehicleDetailFragment: FragmentDefinition<VehicleDetailProps, Env> = {
  load: loadVehicleDetail,
  Component: VehicleDetail,
};
