/** Realistic Australian stock: makes, models, badges and new drive-away price ranges. */
export type CatalogueKey = "cars" | "motorcycles" | "trucks" | "caravans";
export type FuelKind = "petrol" | "diesel" | "hybrid" | "electric" | "phev" | "none";
export type DriveKind = "FWD" | "RWD" | "AWD" | "4WD" | "Chain";

export interface ModelSpec {
  make: string;
  model: string;
  /** simple_body values this model comes in. */
  bodies: string[];
  /** Cheapest first; price rises with the badge. */
  badges: string[];
  /** New price range in AUD, cheapest badge to dearest. */
  price: [number, number];
  fuel: FuelKind;
  /** Litres; 0 for electric and towed vehicles. */
  engine: number;
  cylinders: number;
  drive: DriveKind;
  seats: number;
  /** Length in metres (caravans) or GVM in kg (trucks); unused otherwise. */
  size?: number;
}

const m = (
  make: string,
  model: string,
  bodies: string[],
  badges: string[],
  price: [number, number],
  fuel: FuelKind,
  engine: number,
  cylinders: number,
  drive: DriveKind,
  seats: number,
  size?: number,
): ModelSpec => ({ make, model, bodies, badges, price, fuel, engine, cylinders, drive, seats, size });

const CARS: ModelSpec[] = [
  m("Toyota", "Corolla", ["Hatch", "Sedan"], ["Ascent Sport", "SX", "ZR"], [30990, 41990], "hybrid", 2.0, 4, "FWD", 5),
  m("Toyota", "Camry", ["Sedan"], ["Ascent", "SX", "SL"], [39990, 52990], "hybrid", 2.5, 4, "FWD", 5),
  m("Toyota", "RAV4", ["SUV"], ["GX", "GXL", "XSE", "Cruiser", "Edge"], [40990, 61990], "hybrid", 2.5, 4, "AWD", 5),
  m("Toyota", "HiLux", ["Ute"], ["Workmate", "SR", "SR5", "Rogue", "GR Sport"], [36990, 78990], "diesel", 2.8, 4, "4WD", 5),
  m("Toyota", "LandCruiser 300", ["SUV"], ["GX", "GXL", "VX", "Sahara", "GR Sport"], [94990, 149990], "diesel", 3.3, 6, "4WD", 7),
  m("Toyota", "Prado", ["SUV"], ["GX", "GXL", "VX", "Kakadu"], [68990, 102990], "diesel", 2.8, 4, "4WD", 7),
  m("Toyota", "HiAce", ["Van"], ["LWB", "SLWB"], [47990, 62990], "diesel", 2.8, 4, "RWD", 3),
  m("Toyota", "Yaris Cross", ["SUV"], ["GX", "GXL", "Urban"], [31990, 40990], "hybrid", 1.5, 3, "FWD", 5),
  m("Mazda", "CX-5", ["SUV"], ["Maxx", "Maxx Sport", "Touring", "GT SP", "Akera"], [37990, 57990], "petrol", 2.5, 4, "AWD", 5),
  m("Mazda", "Mazda3", ["Hatch", "Sedan"], ["G20 Pure", "G20 Evolve", "G25 GT", "G25 Astina"], [31990, 45990], "petrol", 2.0, 4, "FWD", 5),
  m("Mazda", "CX-3", ["SUV"], ["G20 Pure", "G20 Evolve", "G20 Touring"], [29990, 38990], "petrol", 2.0, 4, "FWD", 5),
  m("Mazda", "CX-60", ["SUV"], ["G40e Evolve", "D50e GT", "P50e Azami"], [62990, 89990], "phev", 2.5, 4, "AWD", 5),
  m("Mazda", "BT-50", ["Ute"], ["XS", "XT", "XTR", "GT", "Thunder"], [38990, 72990], "diesel", 3.0, 4, "4WD", 5),
  m("Mazda", "MX-5", ["Convertible"], ["Roadster", "Roadster GT", "RF GT"], [44990, 56990], "petrol", 2.0, 4, "RWD", 2),
  m("Ford", "Ranger", ["Ute"], ["XL", "XLT", "Sport", "Wildtrak", "Raptor"], [42990, 92990], "diesel", 3.0, 6, "4WD", 5),
  m("Ford", "Everest", ["SUV"], ["Ambiente", "Trend", "Sport", "Platinum"], [57990, 82990], "diesel", 3.0, 6, "4WD", 7),
  m("Ford", "Mustang", ["Coupe", "Convertible"], ["EcoBoost", "GT", "Dark Horse"], [66990, 99990], "petrol", 5.0, 8, "RWD", 4),
  m("Ford", "Transit Custom", ["Van"], ["Trend", "Sport"], [54990, 69990], "diesel", 2.0, 4, "FWD", 3),
  m("Ford", "Escape", ["SUV"], ["Escape", "ST-Line", "Vignale"], [39990, 54990], "petrol", 2.0, 4, "AWD", 5),
  m("Hyundai", "i30", ["Hatch", "Sedan"], ["i30", "Active", "Elite", "N Line Premium", "N"], [28990, 52990], "petrol", 2.0, 4, "FWD", 5),
  m("Hyundai", "Tucson", ["SUV"], ["Tucson", "Elite", "Highlander", "N Line"], [37990, 58990], "petrol", 2.0, 4, "AWD", 5),
  m("Hyundai", "Kona", ["SUV"], ["Kona", "N Line", "Premium", "Electric Extended Range"], [34990, 62990], "petrol", 2.0, 4, "FWD", 5),
  m("Hyundai", "Santa Fe", ["SUV"], ["Santa Fe", "Elite", "Calligraphy"], [52990, 78990], "hybrid", 1.6, 4, "AWD", 7),
  m("Hyundai", "Staria", ["Van"], ["Load", "Elite", "Highlander"], [49990, 79990], "diesel", 2.2, 4, "AWD", 8),
  m("Hyundai", "Ioniq 5", ["SUV"], ["Dynamiq", "Techniq", "Epiq", "N"], [67990, 114990], "electric", 0, 0, "AWD", 5),
  m("Kia", "Cerato", ["Hatch", "Sedan"], ["S", "Sport", "Sport+", "GT"], [27990, 39990], "petrol", 2.0, 4, "FWD", 5),
  m("Kia", "Sportage", ["SUV"], ["S", "SX", "SX+", "GT-Line"], [36990, 56990], "petrol", 2.0, 4, "AWD", 5),
  m("Kia", "Sorento", ["SUV"], ["S", "Sport", "Sport+", "GT-Line"], [52990, 75990], "diesel", 2.2, 4, "AWD", 7),
  m("Kia", "Seltos", ["SUV"], ["S", "Sport", "Sport+", "GT-Line"], [31990, 45990], "petrol", 2.0, 4, "FWD", 5),
  m("Kia", "Carnival", ["People Mover"], ["S", "Sport", "Sport+", "GT-Line"], [52990, 77990], "diesel", 2.2, 4, "FWD", 8),
  m("Kia", "EV6", ["SUV"], ["Air", "GT-Line", "GT"], [72990, 104990], "electric", 0, 0, "AWD", 5),
  m("Mitsubishi", "Triton", ["Ute"], ["GLX", "GLX+", "GLS", "GSR"], [39990, 66990], "diesel", 2.4, 4, "4WD", 5),
  m("Mitsubishi", "Outlander", ["SUV"], ["ES", "LS", "Aspire", "Exceed PHEV"], [38990, 67990], "petrol", 2.5, 4, "AWD", 7),
  m("Mitsubishi", "ASX", ["SUV"], ["GS", "LS", "Exceed"], [30990, 39990], "petrol", 2.0, 4, "FWD", 5),
  m("Mitsubishi", "Pajero Sport", ["SUV"], ["GLX", "GLS", "Exceed"], [52990, 64990], "diesel", 2.4, 4, "4WD", 7),
  m("Nissan", "Navara", ["Ute"], ["SL", "ST", "ST-X", "PRO-4X"], [42990, 69990], "diesel", 2.3, 4, "4WD", 5),
  m("Nissan", "X-Trail", ["SUV"], ["ST", "ST-L", "Ti", "Ti-L e-POWER"], [39990, 62990], "petrol", 2.5, 4, "AWD", 7),
  m("Nissan", "Patrol", ["SUV"], ["Ti", "Ti-L", "Warrior"], [89990, 112990], "petrol", 5.6, 8, "4WD", 8),
  m("Nissan", "Qashqai", ["SUV"], ["ST", "ST+", "Ti", "N-Design"], [35990, 51990], "petrol", 1.3, 4, "FWD", 5),
  m("Volkswagen", "Golf", ["Hatch", "Wagon"], ["Life", "R-Line", "GTI", "R"], [38990, 71990], "petrol", 2.0, 4, "FWD", 5),
  m("Volkswagen", "Amarok", ["Ute"], ["Core", "Life", "Style", "PanAmericana", "Aventura"], [55990, 84990], "diesel", 3.0, 6, "4WD", 5),
  m("Volkswagen", "Tiguan", ["SUV"], ["Life", "Elegance", "R-Line"], [45990, 66990], "petrol", 2.0, 4, "AWD", 5),
  m("Volkswagen", "Polo", ["Hatch"], ["Life", "Style", "GTI"], [27990, 41990], "petrol", 1.0, 3, "FWD", 5),
  m("Subaru", "Outback", ["Wagon"], ["AWD", "AWD Sport", "AWD Touring", "XT"], [46990, 61990], "petrol", 2.5, 4, "AWD", 5),
  m("Subaru", "Forester", ["SUV"], ["2.5i", "2.5i-L", "2.5i Premium", "Hybrid S"], [40990, 53990], "petrol", 2.5, 4, "AWD", 5),
  m("Subaru", "WRX", ["Sedan", "Wagon"], ["WRX", "RS", "tS"], [48990, 66990], "petrol", 2.4, 4, "AWD", 5),
  m("Isuzu", "D-Max", ["Ute", "Cab Chassis"], ["SX", "LS-M", "LS-U", "X-Terrain"], [38990, 70990], "diesel", 3.0, 4, "4WD", 5),
  m("Isuzu", "MU-X", ["SUV"], ["LS-M", "LS-U", "LS-T"], [52990, 70990], "diesel", 3.0, 4, "4WD", 7),
  m("Holden", "Commodore", ["Sedan", "Wagon"], ["Evoke", "SV6", "SS", "Calais V"], [36990, 55990], "petrol", 3.6, 6, "RWD", 5),
  m("Holden", "Colorado", ["Ute"], ["LS", "LT", "LTZ", "Z71"], [39990, 56990], "diesel", 2.8, 4, "4WD", 5),
  m("Holden", "Cruze", ["Hatch", "Sedan"], ["Equipe", "CDX", "SRi-V"], [22990, 30990], "petrol", 1.4, 4, "FWD", 5),
  m("BMW", "3 Series", ["Sedan"], ["320i M Sport", "330i M Sport", "M340i xDrive"], [73990, 109990], "petrol", 2.0, 4, "RWD", 5),
  m("BMW", "X5", ["SUV"], ["xDrive30d", "xDrive40i", "M60i"], [124990, 169990], "diesel", 3.0, 6, "AWD", 5),
  m("BMW", "1 Series", ["Hatch"], ["118i", "128ti", "M135 xDrive"], [52990, 79990], "petrol", 2.0, 4, "FWD", 5),
  m("Mercedes-Benz", "C-Class", ["Sedan"], ["C200", "C300", "C43 AMG"], [82990, 139990], "petrol", 2.0, 4, "RWD", 5),
  m("Mercedes-Benz", "GLC", ["SUV"], ["GLC 300", "GLC 300e", "AMG GLC 43"], [99990, 149990], "petrol", 2.0, 4, "AWD", 5),
  m("Mercedes-Benz", "A-Class", ["Hatch", "Sedan"], ["A180", "A200", "A250", "AMG A35"], [56990, 83990], "petrol", 2.0, 4, "FWD", 5),
  m("Tesla", "Model 3", ["Sedan"], ["Rear-Wheel Drive", "Long Range", "Performance"], [56990, 86990], "electric", 0, 0, "RWD", 5),
  m("Tesla", "Model Y", ["SUV"], ["Rear-Wheel Drive", "Long Range", "Performance"], [60990, 91990], "electric", 0, 0, "AWD", 5),
  m("MG", "MG3", ["Hatch"], ["Core", "Excite", "Hybrid+ Essence"], [21990, 29990], "petrol", 1.5, 4, "FWD", 5),
  m("MG", "ZS", ["SUV"], ["Vibe", "Excite", "Essence", "EV Essence"], [25990, 47990], "petrol", 1.5, 4, "FWD", 5),
  m("MG", "HS", ["SUV"], ["Vibe", "Excite", "Essence", "Plus EV"], [32990, 51990], "petrol", 1.5, 4, "FWD", 5),
  m("BYD", "Atto 3", ["SUV"], ["Standard Range", "Extended Range"], [45990, 51990], "electric", 0, 0, "FWD", 5),
  m("BYD", "Seal", ["Sedan"], ["Dynamic", "Premium", "Performance"], [51990, 74990], "electric", 0, 0, "RWD", 5),
  m("BYD", "Shark 6", ["Ute"], ["Premium"], [60990, 62990], "phev", 1.5, 4, "4WD", 5),
  m("Honda", "Civic", ["Hatch"], ["VTi-LX", "e:HEV LX", "Type R"], [47990, 76990], "petrol", 2.0, 4, "FWD", 5),
  m("Honda", "CR-V", ["SUV"], ["VTi", "VTi L7", "e:HEV RS"], [44990, 62990], "petrol", 1.5, 4, "AWD", 7),
  m("Honda", "HR-V", ["SUV"], ["Vi X", "e:HEV L"], [36990, 47990], "hybrid", 1.5, 4, "FWD", 5),
  m("Suzuki", "Swift", ["Hatch"], ["Hybrid", "Hybrid GL", "Hybrid GLX", "Sport"], [23990, 32990], "hybrid", 1.2, 3, "FWD", 5),
  m("Suzuki", "Jimny", ["SUV"], ["Lite", "XL"], [34990, 38990], "petrol", 1.5, 4, "4WD", 4),
  m("Suzuki", "Vitara", ["SUV"], ["Vitara", "Turbo", "Turbo ALLGRIP"], [32990, 42990], "petrol", 1.4, 4, "AWD", 5),
];

const MOTORCYCLES: ModelSpec[] = [
  m("Honda", "CBR650R", ["Sport"], ["Standard", "E-Clutch"], [14999, 16499], "petrol", 0.65, 4, "Chain", 2),
  m("Honda", "CB650R", ["Naked"], ["Standard", "E-Clutch"], [13999, 15499], "petrol", 0.65, 4, "Chain", 2),
  m("Honda", "CRF1100L Africa Twin", ["Adventure"], ["Standard", "Adventure Sports ES"], [23999, 29999], "petrol", 1.08, 2, "Chain", 2),
  m("Honda", "Rebel 500", ["Cruiser"], ["Standard", "SE"], [10999, 11999], "petrol", 0.47, 2, "Chain", 2),
  m("Honda", "CRF450R", ["Off Road"], ["Standard", "RX"], [14299, 15299], "petrol", 0.45, 1, "Chain", 1),
  m("Yamaha", "MT-07", ["Naked"], ["LAMS", "Full Power"], [11999, 12999], "petrol", 0.69, 2, "Chain", 2),
  m("Yamaha", "MT-09", ["Naked"], ["Standard", "SP"], [16499, 19999], "petrol", 0.89, 3, "Chain", 2),
  m("Yamaha", "YZF-R7", ["Sport"], ["Standard", "LAMS"], [14999, 15499], "petrol", 0.69, 2, "Chain", 2),
  m("Yamaha", "Tenere 700", ["Adventure"], ["Standard", "World Raid"], [17499, 21999], "petrol", 0.69, 2, "Chain", 2),
  m("Yamaha", "WR450F", ["Off Road"], ["Standard"], [14999, 14999], "petrol", 0.45, 1, "Chain", 1),
  m("Yamaha", "XSR900", ["Naked"], ["Standard"], [16999, 17499], "petrol", 0.89, 3, "Chain", 2),
  m("Yamaha", "XMAX 300", ["Scooter"], ["Standard", "Tech MAX"], [8999, 9999], "petrol", 0.29, 1, "Chain", 2),
  m("Kawasaki", "Ninja 650", ["Sport"], ["LAMS", "KRT Edition"], [11999, 12599], "petrol", 0.65, 2, "Chain", 2),
  m("Kawasaki", "Z900", ["Naked"], ["Standard", "SE"], [15999, 18499], "petrol", 0.95, 4, "Chain", 2),
  m("Kawasaki", "KLR650", ["Adventure"], ["Standard", "Adventure"], [10999, 12499], "petrol", 0.65, 1, "Chain", 2),
  m("Kawasaki", "Versys 650", ["Adventure"], ["LAMS", "Tourer"], [12999, 14499], "petrol", 0.65, 2, "Chain", 2),
  m("Harley-Davidson", "Street Bob 114", ["Cruiser"], ["Standard"], [27995, 28995], "petrol", 1.87, 2, "Chain", 2),
  m("Harley-Davidson", "Fat Boy 114", ["Cruiser"], ["Standard", "Anniversary"], [35995, 38995], "petrol", 1.87, 2, "Chain", 2),
  m("Harley-Davidson", "Pan America 1250", ["Adventure"], ["Standard", "Special"], [32995, 37995], "petrol", 1.25, 2, "Chain", 2),
  m("Ducati", "Monster", ["Naked"], ["Standard", "Plus", "SP"], [21990, 26990], "petrol", 0.94, 2, "Chain", 2),
  m("Ducati", "Panigale V2", ["Sport"], ["Standard", "S"], [30990, 34990], "petrol", 0.96, 2, "Chain", 2),
  m("Ducati", "Multistrada V4", ["Adventure"], ["Standard", "S", "Rally"], [33990, 45990], "petrol", 1.16, 4, "Chain", 2),
  m("Ducati", "Scrambler Icon", ["Naked"], ["Icon", "Full Throttle"], [16990, 19990], "petrol", 0.8, 2, "Chain", 2),
  m("BMW", "R 1300 GS", ["Adventure"], ["Standard", "Trophy", "Option 719"], [32990, 41990], "petrol", 1.3, 2, "Chain", 2),
  m("BMW", "S 1000 RR", ["Sport"], ["Standard", "M Package"], [33990, 41990], "petrol", 1.0, 4, "Chain", 2),
  m("BMW", "G 310 R", ["Naked"], ["Standard"], [7990, 7990], "petrol", 0.31, 1, "Chain", 2),
  m("KTM", "390 Duke", ["Naked"], ["Standard"], [8995, 8995], "petrol", 0.4, 1, "Chain", 2),
  m("KTM", "890 Adventure R", ["Adventure"], ["Standard", "Rally"], [23995, 29995], "petrol", 0.89, 2, "Chain", 2),
  m("KTM", "1390 Super Duke R", ["Naked"], ["Standard", "Evo"], [29995, 33995], "petrol", 1.35, 2, "Chain", 2),
  m("KTM", "300 EXC", ["Off Road"], ["Standard", "Hardenduro"], [15995, 17995], "petrol", 0.3, 1, "Chain", 1),
  m("Triumph", "Street Triple 765", ["Naked"], ["R", "RS", "Moto2 Edition"], [17990, 23990], "petrol", 0.77, 3, "Chain", 2),
  m("Triumph", "Bonneville T120", ["Naked"], ["Standard", "Black"], [22990, 23990], "petrol", 1.2, 2, "Chain", 2),
  m("Triumph", "Tiger 900", ["Adventure"], ["GT", "GT Pro", "Rally Pro"], [21990, 26990], "petrol", 0.89, 3, "Chain", 2),
  m("Suzuki", "GSX-S1000", ["Naked"], ["Standard", "GX"], [18990, 22990], "petrol", 1.0, 4, "Chain", 2),
  m("Suzuki", "V-Strom 650", ["Adventure"], ["Standard", "XT"], [12990, 13990], "petrol", 0.65, 2, "Chain", 2),
  m("Suzuki", "DR650SE", ["Off Road"], ["Standard"], [9990, 9990], "petrol", 0.64, 1, "Chain", 2),
];

const TRUCKS: ModelSpec[] = [
  m("Isuzu", "NLR", ["Cab Chassis", "Tipper"], ["45-150 Traypack", "45-150 AMT"], [64990, 78990], "diesel", 3.0, 4, "RWD", 3, 4500),
  m("Isuzu", "NPR", ["Cab Chassis", "Pantech", "Tipper"], ["75-190", "75-190 Crew", "75-190 Tipper"], [82990, 104990], "diesel", 5.2, 4, "RWD", 3, 7500),
  m("Isuzu", "FRR", ["Cab Chassis", "Refrigerated Pantech"], ["110-240", "110-260 AMT"], [124990, 149990], "diesel", 5.2, 4, "RWD", 3, 11000),
  m("Isuzu", "FVZ", ["Cab Chassis", "Tipper"], ["260-300", "260-300 Auto"], [189990, 219990], "diesel", 7.8, 6, "RWD", 3, 26000),
  m("Hino", "300 Series", ["Cab Chassis", "Tray"], ["616 Auto", "917 Wide Cab", "921 Hybrid"], [74990, 109990], "diesel", 4.0, 4, "RWD", 3, 6500),
  m("Hino", "500 Series", ["Cab Chassis", "Pantech", "Tipper"], ["FC 1124", "FE 1426", "FM 2628"], [134990, 219990], "diesel", 7.7, 6, "RWD", 3, 14000),
  m("Hino", "700 Series", ["Prime Mover"], ["SS 2848", "SH 3248"], [279990, 319990], "diesel", 12.9, 6, "RWD", 2, 48000),
  m("Fuso", "Canter", ["Cab Chassis", "Tray", "Tipper"], ["515 Wide", "615 Wide", "918 Wide"], [69990, 99990], "diesel", 3.0, 4, "RWD", 3, 6000),
  m("Fuso", "Fighter", ["Cab Chassis", "Pantech"], ["1627", "2427"], [159990, 189990], "diesel", 7.7, 6, "RWD", 3, 16000),
  m("Fuso", "Shogun", ["Prime Mover"], ["460", "510"], [259990, 299990], "diesel", 10.7, 6, "RWD", 2, 45000),
  m("UD", "Croner", ["Cab Chassis", "Pantech"], ["PKE 250", "PDE 250"], [129990, 149990], "diesel", 8.0, 6, "RWD", 3, 16000),
  m("UD", "Quon", ["Prime Mover", "Cab Chassis"], ["GW 26 460", "GH 11"], [239990, 289990], "diesel", 11.0, 6, "RWD", 2, 42000),
  m("Kenworth", "T410", ["Prime Mover", "Cab Chassis"], ["Day Cab", "Sleeper"], [289990, 339990], "diesel", 12.9, 6, "RWD", 2, 45000),
  m("Kenworth", "T610", ["Prime Mover"], ["SAR Day Cab", "Sleeper"], [329990, 379990], "diesel", 15.0, 6, "RWD", 2, 55000),
  m("Kenworth", "T659", ["Prime Mover"], ["Sleeper", "Aerodyne"], [369990, 419990], "diesel", 15.0, 6, "RWD", 2, 60000),
  m("Volvo", "FH16", ["Prime Mover"], ["700 Globetrotter"], [369990, 399990], "diesel", 16.1, 6, "RWD", 2, 65000),
  m("Volvo", "FM", ["Prime Mover", "Tipper"], ["460", "500"], [279990, 319990], "diesel", 12.8, 6, "RWD", 2, 42000),
  m("Mercedes-Benz", "Actros", ["Prime Mover"], ["2653 LS", "2663 LS"], [309990, 349990], "diesel", 15.6, 6, "RWD", 2, 55000),
  m("Iveco", "Daily", ["Cab Chassis", "Van"], ["50C21 Cab Chassis", "70C21 Tipper", "50C Van"], [79990, 109990], "diesel", 3.0, 4, "RWD", 3, 5200),
  m("Iveco", "S-Way", ["Prime Mover"], ["AS 570", "AT 460"], [269990, 309990], "diesel", 12.9, 6, "RWD", 2, 45000),
  m("Scania", "R-Series", ["Prime Mover"], ["R 620", "R 660 V8"], [349990, 409990], "diesel", 16.4, 8, "RWD", 2, 60000),
  m("Scania", "G-Series", ["Prime Mover", "Tipper"], ["G 500", "G 540"], [289990, 329990], "diesel", 13.0, 6, "RWD", 2, 45000),
];

const CARAVANS: ModelSpec[] = [
  m("Jayco", "Journey", ["Caravan"], ["19.61-3 Outback", "21.62-3 Outback"], [74990, 89990], "none", 0, 0, "RWD", 4, 6.1),
  m("Jayco", "Starcraft", ["Caravan"], ["17.55-3", "19.61-3"], [49990, 62990], "none", 0, 0, "RWD", 3, 5.5),
  m("Jayco", "Silverline", ["Caravan"], ["21.66-4", "23.69-4"], [104990, 124990], "none", 0, 0, "RWD", 4, 7.0),
  m("Jayco", "Crossover", ["Hybrid Caravan"], ["15.44-1 OB", "17.55-1 OB"], [54990, 64990], "none", 0, 0, "RWD", 3, 4.6),
  m("Jayco", "Swan", ["Camper Trailer"], ["Outback", "Touring"], [34990, 42990], "none", 0, 0, "RWD", 6, 3.9),
  m("Lotus Caravans", "Trooper", ["Caravan"], ["20'6 Off-Grid", "21'6 Off-Grid"], [119990, 139990], "none", 0, 0, "RWD", 4, 6.4),
  m("Lotus Caravans", "Off Grid", ["Caravan"], ["19'6", "21'6"], [109990, 129990], "none", 0, 0, "RWD", 4, 6.0),
  m("Lotus Caravans", "Freelander", ["Caravan"], ["19'6", "22'"], [99990, 119990], "none", 0, 0, "RWD", 3, 5.9),
  m("New Age", "Manta Ray", ["Caravan"], ["19ER", "21ES"], [79990, 94990], "none", 0, 0, "RWD", 3, 5.9),
  m("New Age", "Big Red", ["Caravan"], ["19ERD", "22ER"], [99990, 119990], "none", 0, 0, "RWD", 4, 6.7),
  m("New Age", "Road Owl", ["Hybrid Caravan"], ["RO15S", "RO17ER"], [69990, 79990], "none", 0, 0, "RWD", 3, 4.7),
  m("Coromal", "Element", ["Caravan"], ["E541", "E602"], [64990, 74990], "none", 0, 0, "RWD", 3, 5.6),
  m("Crusader", "Excalibur", ["Caravan"], ["21'3", "23'0"], [89990, 104990], "none", 0, 0, "RWD", 4, 6.7),
  m("Avan", "Aspire", ["Pop Top"], ["503", "552"], [56990, 66990], "none", 0, 0, "RWD", 2, 5.0),
  m("Supreme", "Spirit", ["Caravan"], ["SP 21", "SP 23"], [79990, 89990], "none", 0, 0, "RWD", 2, 6.5),
  m("Kokoda", "Ridge", ["Hybrid Caravan"], ["16", "18"], [74990, 84990], "none", 0, 0, "RWD", 4, 5.1),
  m("Snowy River", "SRC", ["Caravan", "Pop Top"], ["SRC-17", "SRC-19", "SRC-21"], [54990, 74990], "none", 0, 0, "RWD", 4, 5.8),
  m("MDC", "XT17HRT", ["Camper Trailer", "Hybrid Caravan"], ["Standard", "Off Road"], [39990, 49990], "none", 0, 0, "RWD", 3, 5.2),
];

export const CATALOGUES: Record<CatalogueKey, ModelSpec[]> = {
  cars: CARS,
  motorcycles: MOTORCYCLES,
  trucks: TRUCKS,
  caravans: CARAVANS,
};
