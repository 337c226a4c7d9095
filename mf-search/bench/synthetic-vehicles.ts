import type { Car } from "@dealer/shared/contract";

/** Small deterministic PRNG (mulberry32) so every run benchmarks the same stock. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const CATALOGUE: Record<string, { models: string[]; badges: string[] }> = {
  Toyota: { models: ["Corolla", "Camry", "Hilux", "RAV4", "LandCruiser", "Kluger", "Yaris", "Prado"], badges: ["Ascent", "SX", "ZR", "GX", "GXL", "SR5", "Rogue", "VX"] },
  Mazda: { models: ["CX-3", "CX-5", "CX-9", "BT-50", "MX-5", "2", "3", "6"], badges: ["Pure", "Maxx", "Maxx Sport", "Touring", "GT", "Akera", "G20", "Evolve"] },
  Ford: { models: ["Ranger", "Everest", "Mustang", "Puma", "Escape", "Transit"], badges: ["XL", "XLS", "XLT", "Wildtrak", "Raptor", "Sport", "Trend", "Titanium"] },
  Hyundai: { models: ["i30", "Tucson", "Santa Fe", "Kona", "Venue", "Palisade", "Ioniq 5"], badges: ["Active", "Elite", "Highlander", "N Line", "Go"] },
  Kia: { models: ["Cerato", "Sportage", "Sorento", "Seltos", "Picanto", "Carnival", "EV6"], badges: ["S", "Sport", "Sport+", "GT-Line", "Si", "SLi"] },
  Mitsubishi: { models: ["Triton", "Outlander", "ASX", "Pajero Sport", "Eclipse Cross"], badges: ["GLX", "GLS", "ES", "LS", "Exceed", "GSR"] },
  Nissan: { models: ["Navara", "X-Trail", "Patrol", "Qashqai", "Juke", "Leaf"], badges: ["ST", "ST-L", "ST-X", "Ti", "Ti-L", "Pro-4X"] },
  Volkswagen: { models: ["Golf", "Polo", "Tiguan", "Amarok", "T-Roc", "Passat"], badges: ["Life", "Style", "R-Line", "GTI", "R", "Highline"] },
  Subaru: { models: ["Forester", "Outback", "XV", "WRX", "Impreza", "BRZ"], badges: ["2.5i", "2.5i-L", "2.5i Premium", "2.5i-S", "Sport"] },
  Isuzu: { models: ["D-Max", "MU-X"], badges: ["SX", "LS-M", "LS-U", "X-Terrain"] },
  BMW: { models: ["X1", "X3", "X5", "3 Series", "1 Series", "i4"], badges: ["sDrive18i", "xDrive20d", "xDrive30i", "M Sport", "330i"] },
  Mercedes: { models: ["A-Class", "C-Class", "GLA", "GLC", "GLE", "Sprinter"], badges: ["A200", "C200", "C300", "GLC300", "AMG Line"] },
  Audi: { models: ["A3", "A4", "Q3", "Q5", "Q7"], badges: ["35 TFSI", "40 TFSI", "45 TFSI", "S line", "Sportback"] },
  Honda: { models: ["Civic", "CR-V", "HR-V", "Jazz", "Accord"], badges: ["VTi", "VTi-S", "VTi-LX", "RS", "Type R"] },
  Suzuki: { models: ["Swift", "Vitara", "Jimny", "Baleno", "S-Cross"], badges: ["GL", "GLX", "Sport", "Turbo"] },
  "Škoda": { models: ["Octavia", "Kodiaq", "Karoq", "Fabia", "Superb"], badges: ["Style", "RS", "Sportline", "Monte Carlo"] },
};

export const BODIES = ["SUV", "Hatch", "Sedan", "Ute", "Wagon", "Coupe", "Van", "Cab Chassis", "Convertible", "People Mover"];
const COLOURS = ["White", "Black", "Silver", "Grey", "Blue", "Red", "Green", "Orange", "Bronze", "Yellow"];
const TRANSMISSIONS = ["Automatic", "Manual"];
const FUELS = ["Petrol", "Diesel", "Hybrid", "Electric", "PHEV"];
const DRIVES = ["FWD", "RWD", "AWD", "4WD"];
/** A feed's own words for the simple values: the facets `drive` and `fuel` hold these (ADR 0059). */
const DRIVE_WORDS: Record<string, string> = { FWD: "Front Wheel Drive", RWD: "Rear Wheel Drive", AWD: "All Wheel Drive", "4WD": "Four Wheel Drive" };
const FUEL_WORDS: Record<string, string> = { Petrol: "Unleaded Petrol", Diesel: "Diesel", Hybrid: "Hybrid (Petrol)", Electric: "Electric", PHEV: "Plug-in Hybrid (Petrol)" };
const STATUSES = ["in_stock", "in_stock", "in_stock", "in_stock", "in_stock", "in_stock", "coming_soon", "sold", "sold"];
const CAR_TYPES = ["used", "used", "used", "new", "demo"] as const;
const SITES = ["harbour-city-motors", "summit-auto-group", "metro-certified", "ridge-motorcycles", "outback-trucks", "coastal-caravans"];
const STATES = ["QLD", "NSW", "VIC", "WA", "SA", "TAS"];
const CITIES = ["Brisbane", "Sydney", "Melbourne", "Perth", "Adelaide", "Hobart", "Gold Coast", "Newcastle"];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Generates `count` realistic vehicles (full contract shape, with image lists) from a fixed seed. */
export function syntheticVehicles(count: number, seed = 42): Car[] {
  const random = seededRandom(seed);
  const makes = Object.keys(CATALOGUE);
  const cars: Car[] = [];
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const make = pick(random, makes);
    const { models, badges } = CATALOGUE[make]!;
    const model = pick(random, models);
    const badge = pick(random, badges);
    const carType = pick(random, CAR_TYPES);
    const year = carType === "used" ? 2008 + Math.floor(random() * 17) : 2024 + Math.floor(random() * 2);
    const km = carType === "new" ? Math.floor(random() * 50) : carType === "demo" ? Math.floor(random() * 8000) : Math.floor(random() * 250_000);
    const price = random() < 0.03 ? null : Math.round((8000 + random() * 110_000) / 10) * 10;
    const status = pick(random, STATUSES);
    const site = pick(random, SITES);
    const created = new Date(Date.UTC(2023, 0, 1) + Math.floor(random() * 700 * 86_400_000)).toISOString();
    const slug = `${year}-${make}-${model}-${badge}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const imageCount = 3 + Math.floor(random() * 10);
    const images = Array.from({ length: imageCount }, (_, n) => ({
      image: { url: `https://img.example/${id}/${n}.jpg`, thumb: { url: `https://img.example/${id}/${n}-t.jpg` } },
    }));
    const car: Car = {
      id,
      slug,
      name: `${year} ${make} ${model} ${badge}`,
      year,
      make,
      model,
      badge,
      series: null,
      colour: pick(random, COLOURS),
      stocknum: `S${String(id).padStart(7, "0")}`,
      vin: `VIN${String(id).padStart(14, "0")}`,
      price,
      before_price: null,
      preorder: false,
      status,
      sold_date: status === "sold" ? created : null,
      show_on_dealer_website: true,
      car_type: carType,
      reserved: random() < 0.03,
      certified: carType === "used" && random() < 0.3,
      created_at: created,
      updated_at: created,
      views: Math.floor(random() * 2000),
      photos_count: imageCount,
      item_type: "car",
      trade_in_enabled: true,
      checkout_enabled: random() < 0.2,
      simple_body: pick(random, BODIES),
      simple_transmission: pick(random, TRANSMISSIONS),
      simple_fuel: pick(random, FUELS),
      simple_drive: pick(random, DRIVES),
      seats: pick(random, [2, 4, 5, 7, 8]),
      doors: pick(random, [2, 4, 5]),
      km,
      engine_size: 1000 + Math.floor(random() * 40) * 100,
      images,
      thumbnails: images.map((image) => image.image.thumb.url),
      primary_image_url: images[0]!.image.url,
      spin_images: [],
      standardEquipment: ["Air conditioning", "Bluetooth", "Cruise control", "Reversing camera"],
      dealercomments: "Well maintained, full service history.|Finance available.",
      site,
      dealership_slug: `${site}-main`,
      dealership_id: 1 + SITES.indexOf(site),
      city: pick(random, CITIES),
      state: pick(random, STATES),
      finance_lenders: {},
      payment_processors: [],
    };
    // Most cars state their own drive and fuel; every tenth states none, every twentieth null (the simple ones stand in).
    if (id % 20 === 5) Object.assign(car, { drive: null, fuel: null });
    else if (id % 10 !== 0) Object.assign(car, { drive: DRIVE_WORDS[car.simple_drive!], fuel: FUEL_WORDS[car.simple_fuel!] });
    cars.push(car);
  }
  return cars;
}
