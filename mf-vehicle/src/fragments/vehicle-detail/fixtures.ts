import type { CarInput } from "@dealer/shared/contract";
import { carInput } from "@dealer/shared/testing";

/** Test-only: a valid car row's data with a gallery; tests override what they are about. */
export function sampleCar(overrides: Partial<CarInput> = {}): CarInput {
  const images = ["front", "side", "rear", "interior", "dash"].map((angle) => {
    const url = `/cdn/image/width=640,quality=75/vehicles/sedan/white/${angle}.svg`;
    return { image: { url, thumb: { url } } };
  });
  return carInput({
    id: 501,
    slug: "2021-toyota-corolla-ascent-sport-hc1001",
    badge: "Ascent Sport",
    simple_transmission: "Automatic",
    simple_body: "Sedan",
    simple_fuel: "Petrol",
    images,
    ...overrides,
  });
}
