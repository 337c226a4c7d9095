import type { VehicleImageBody, VehicleImageColour } from "@dealer/shared/media";
import type { CatalogueKey } from "./catalogue";

/** Paint names as dealers list them, each with the generated picture's colour. Repeats weight the draw. */
const PAINTS: Record<CatalogueKey, [string, VehicleImageColour][]> = {
  cars: [
    ["Glacier White", "white"],
    ["Crystal White Pearl", "white"],
    ["Arctic White", "white"],
    ["Eclipse Black", "black"],
    ["Jet Black", "black"],
    ["Silver Pearl", "silver"],
    ["Titanium Silver", "silver"],
    ["Graphite Grey", "grey"],
    ["Machine Grey", "grey"],
    ["Deep Crystal Blue", "blue"],
    ["Lightning Blue", "blue"],
    ["Soul Red Crystal", "red"],
    ["Flame Red", "red"],
    ["Olive Green", "green"],
    ["Sunset Orange", "orange"],
    ["Sunburst Yellow", "yellow"],
    ["Bronze Mica", "bronze"],
  ],
  motorcycles: [
    ["Racing Red", "red"],
    ["Matte Black", "black"],
    ["Metallic Black", "black"],
    ["Lime Green", "green"],
    ["Icon Blue", "blue"],
    ["Pearl White", "white"],
    ["Electronic Orange", "orange"],
    ["Matte Grey", "grey"],
    ["Champion Yellow", "yellow"],
  ],
  trucks: [
    ["Arctic White", "white"],
    ["Polar White", "white"],
    ["Fleet White", "white"],
    ["Silver", "silver"],
    ["Fire Red", "red"],
    ["Royal Blue", "blue"],
    ["Safety Yellow", "yellow"],
    ["Forest Green", "green"],
    ["Black", "black"],
  ],
  caravans: [
    ["White Composite", "white"],
    ["White Aluminium", "white"],
    ["Silver Composite", "silver"],
    ["Black Checkerplate", "black"],
    ["Champagne", "bronze"],
    ["Graphite", "grey"],
  ],
};

/**
 * The paints each body of the demo comes in (ADR 0094): every body, paint and angle is a photograph each site ingests
 * through the queue, so a car body has two paints and a motorcycle, truck or caravan three. A car is listed by one of
 * its catalogue's paint names for those colours, so its listed colour is the colour its photos show.
 */
const PAINT_POOL: Record<VehicleImageBody, VehicleImageColour[]> = {
  sedan: ["white", "silver"],
  hatch: ["red", "white"],
  suv: ["white", "grey"],
  ute: ["white", "black"],
  wagon: ["silver", "blue"],
  van: ["white", "silver"],
  coupe: ["blue", "black"],
  convertible: ["red", "black"],
  motorcycle: ["red", "black", "blue"],
  truck: ["white", "silver", "red"],
  caravan: ["white", "silver", "grey"],
};

/** Every paint name with the colour its photos show (a name in two lists has the same colour in both). */
export const PAINT_COLOURS: [string, VehicleImageColour][] = Object.values(PAINTS).flat();

/** The catalogue's paint names (repeats kept, they weight the draw) in the colours this body comes in. */
export function paintsFor(catalogue: CatalogueKey, body: VehicleImageBody): [string, VehicleImageColour][] {
  return PAINTS[catalogue].filter(([, colour]) => PAINT_POOL[body].includes(colour));
}

export const INTERIOR_COLOURS = ["Black Cloth", "Black Leather", "Charcoal Cloth", "Tan Leather", "Grey Leather", "Cream Leather"];

export const EQUIPMENT: Record<CatalogueKey, string[]> = {
  cars: [
    "Apple CarPlay",
    "Android Auto",
    "Reversing Camera",
    "360-degree Camera",
    "Autonomous Emergency Braking",
    "Adaptive Cruise Control",
    "Lane Keep Assist",
    "Blind Spot Monitoring",
    "Rear Cross Traffic Alert",
    "Front and Rear Parking Sensors",
    "Keyless Entry and Start",
    "Dual-zone Climate Control",
    "Heated Front Seats",
    "Power Driver's Seat",
    "Leather-appointed Seats",
    "Wireless Phone Charger",
    "Head-up Display",
    "LED Headlights",
    "Auto High Beam",
    "Rain-sensing Wipers",
    "Alloy Wheels",
    "Sunroof",
    "Power Tailgate",
    "Digital Instrument Cluster",
    "Satellite Navigation",
    "DAB+ Digital Radio",
    "Premium Sound System",
    "Tow Bar",
    "Tyre Pressure Monitoring",
    "Traffic Sign Recognition",
  ],
  motorcycles: [
    "ABS",
    "Cornering ABS",
    "Traction Control",
    "Quickshifter",
    "Ride Modes",
    "TFT Display",
    "Bluetooth Connectivity",
    "LED Lighting",
    "Slipper Clutch",
    "Cruise Control",
    "Heated Grips",
    "Adjustable Suspension",
    "USB Charging",
    "Hand Guards",
    "Crash Bars",
    "Pannier Rails",
  ],
  trucks: [
    "Air Suspension Seat",
    "Exhaust Brake",
    "Cruise Control",
    "Reversing Camera",
    "Bluetooth Hands-free",
    "Electric Windows",
    "Air Conditioning",
    "Anti-lock Brakes",
    "Electronic Stability Control",
    "Lane Departure Warning",
    "Driver Airbag",
    "Telematics",
    "Diff Lock",
    "Fifth Wheel",
    "Tow Coupling",
    "Bull Bar",
    "LED Work Lights",
    "Sleeper Cab",
  ],
  caravans: [
    "Queen Bed",
    "Ensuite",
    "Washing Machine",
    "Solar Panels",
    "Lithium Battery",
    "Diesel Heater",
    "Reverse Cycle Air Conditioner",
    "Gas/Electric Hot Water",
    "Three-way Fridge",
    "Microwave",
    "External Kitchen",
    "Roll-out Awning",
    "Independent Suspension",
    "Water Tanks 2 x 95L",
    "Grey Water Tank",
    "Reversing Camera",
    "TV Antenna",
    "Bunk Beds",
  ],
};

export const TAGS = ["Test Drive Only", "One Owner", "Low Kms", "Just Serviced", "Price Drop", "Full Service History"];

export const COMMENT_OPENERS = [
  "Just arrived and ready for its next owner!",
  "Looking for a well-priced, well-equipped vehicle? Look no further.",
  "This one won't last long.",
  "Presented in excellent condition inside and out.",
  "A standout example at a sharp price.",
];

export const COMMENT_DETAILS = [
  "Comes with a full service history and two keys.",
  "Inspected by our qualified technicians and ready to drive away.",
  "Finance available on approved credit, ask our team for a quote.",
  "Trade-ins welcome: get an instant valuation online.",
  "Nationwide delivery can be arranged.",
  "Extended warranty options available.",
  "Roadworthy certificate supplied.",
];

export const COMMENT_CLOSERS = [
  "Call or email our sales team today to book a test drive.",
  "Enquire now to secure this vehicle.",
  "Visit us today: we are open seven days.",
];
