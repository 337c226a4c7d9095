import type { CarInput } from "@dealer/shared/contract";

/** Test-only: a valid car row's data; tests override what they are about. */
export function sampleCar(overrides: Partial<CarInput> = {}): CarInput {
  const images = Array.from({ length: 5 }, (_, index) => {
    const url = `/cdn/image/width=640,quality=75/vehicles/sedan/white/${["front", "side", "rear", "interior", "dash"][index]}.svg`;
    return { image: { url, thumb: { url } } };
  });
  return {
    id: 501,
    slug: "2021-toyota-corolla-ascent-sport-hc1001",
    name: "2021 Toyota Corolla Ascent Sport",
    year: 2021,
    make: "Toyota",
    model: "Corolla",
    badge: "Ascent Sport",
    stocknum: "HC1001",
    price: 27990,
    status: "in_stock",
    car_type: "used",
    created_at: "2025-06-01T00:00:00Z",
    updated_at: "2025-06-01T00:00:00Z",
    site: "harbour-city-motors",
    dealership_slug: "harbour-city-toyota",
    dealership_id: 1,
    km: 42000,
    simple_transmission: "Automatic",
    simple_body: "Sedan",
    simple_fuel: "Petrol",
    images,
    ...overrides,
  };
}
