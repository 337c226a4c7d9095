import { type Car, type CarInput, carSchema } from "../contract/car";
import { type SiteConfig, type SiteConfigOverride, resolveSiteConfig } from "../config";

/** A valid in-stock used car as a feed would send it; tests override only what they are about. Test-only. */
export function carInput(overrides: Partial<CarInput> = {}): CarInput {
  return {
    id: 101,
    slug: "2021-toyota-corolla-ascent-sport",
    name: "2021 Toyota Corolla Ascent Sport",
    year: 2021,
    make: "Toyota",
    model: "Corolla",
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
    ...overrides,
  };
}

/** The same car parsed by the contract. */
export function makeCar(overrides: Partial<CarInput> = {}): Car {
  return carSchema.parse(carInput(overrides));
}

export function makeConfig(override: SiteConfigOverride = {}): SiteConfig {
  return resolveSiteConfig("test-site", override as Record<string, unknown>);
}

/** A Web Storage in memory (localStorage or sessionStorage as code sees it). Test-only. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}
