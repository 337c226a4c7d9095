import type { VehicleImageBody } from "@dealer/shared/media";

/** Side profile on a 600x400 canvas, front to the left, ground at y = 310. */
export interface SideProfile {
  /** Body outline, clockwise from the front bumper's bottom corner. */
  body: [number, number][];
  /** Glass areas. */
  windows: [number, number][][];
  wheels: { x: number; r: number }[];
  /** Extra strokes (tray rails, drawbar, door lines), as SVG path data. */
  details?: string;
}

/** Front or rear view: how wide and tall the vehicle stands, and its glass line. */
export interface FrontProfile {
  width: number;
  height: number;
  /** Where the glass starts, as a share of the height from the top. */
  glassTop: number;
  glassBottom: number;
  /** Wheels show below the body (cars) or not at all (caravan front). */
  wheelHeight: number;
}

const GROUND = 310;
const wheel = (x: number, r = 38) => ({ x, r });

export const SIDE_PROFILES: Record<Exclude<VehicleImageBody, "motorcycle">, SideProfile> = {
  sedan: {
    body: [[60, 290], [58, 245], [170, 226], [245, 172], [370, 168], [455, 218], [540, 228], [544, 290]],
    windows: [[[255, 180], [300, 178], [300, 222], [225, 224]], [[310, 178], [365, 176], [430, 220], [310, 222]]],
    wheels: [wheel(150), wheel(450)],
  },
  hatch: {
    body: [[90, 290], [88, 245], [190, 226], [262, 166], [430, 162], [500, 206], [512, 290]],
    windows: [[[272, 174], [340, 172], [340, 220], [240, 222]], [[350, 172], [425, 170], [470, 214], [350, 218]]],
    wheels: [wheel(170), wheel(430)],
  },
  suv: {
    body: [[60, 292], [58, 228], [160, 210], [222, 142], [478, 138], [528, 150], [542, 292]],
    windows: [[[232, 150], [330, 148], [330, 202], [200, 204]], [[340, 148], [470, 146], [505, 200], [340, 202]]],
    wheels: [wheel(150, 44), wheel(450, 44)],
  },
  wagon: {
    body: [[60, 290], [58, 245], [170, 226], [242, 170], [500, 166], [534, 200], [542, 290]],
    windows: [[[252, 178], [330, 176], [330, 222], [222, 224]], [[340, 176], [492, 174], [515, 212], [340, 220]]],
    wheels: [wheel(150), wheel(460)],
  },
  ute: {
    body: [[55, 292], [56, 232], [150, 214], [215, 150], [335, 148], [348, 212], [546, 212], [546, 292]],
    windows: [[[225, 158], [325, 156], [330, 206], [196, 206]]],
    wheels: [wheel(145, 42), wheel(455, 42)],
    details: "M352 212 L352 200 L546 200 L546 212 M360 206 L540 206",
  },
  van: {
    body: [[60, 292], [60, 210], [108, 142], [150, 100], [532, 96], [542, 110], [542, 292]],
    windows: [[[120, 146], [158, 110], [236, 108], [236, 176], [112, 176]], [[250, 108], [330, 108], [330, 176], [250, 176]]],
    wheels: [wheel(150), wheel(460)],
    details: "M340 110 L340 280 M440 110 L440 280",
  },
  coupe: {
    body: [[60, 290], [58, 248], [180, 228], [272, 176], [362, 172], [472, 218], [540, 230], [544, 290]],
    windows: [[[282, 184], [358, 180], [430, 220], [248, 224]]],
    wheels: [wheel(155), wheel(455)],
  },
  convertible: {
    body: [[60, 290], [58, 248], [180, 228], [252, 212], [470, 214], [540, 230], [544, 290]],
    windows: [[[252, 212], [282, 176], [292, 178], [266, 212]]],
    wheels: [wheel(155), wheel(455)],
    details: "M300 212 C330 196 380 196 410 212",
  },
  truck: {
    body: [[40, 292], [42, 140], [62, 96], [190, 94], [196, 110], [560, 110], [560, 272], [196, 272], [196, 292]],
    windows: [[[66, 104], [180, 102], [182, 176], [52, 176]]],
    wheels: [wheel(120, 44), wheel(420, 44), wheel(510, 44)],
    details: "M196 110 L196 272 M200 250 L560 250",
  },
  caravan: {
    body: [[120, 280], [118, 120], [150, 92], [520, 90], [546, 116], [546, 280]],
    windows: [[[160, 130], [250, 130], [250, 180], [160, 180]], [[420, 130], [510, 130], [510, 180], [420, 180]]],
    wheels: [wheel(350, 34), wheel(425, 34)],
    details: "M120 262 L40 282 M40 282 L30 282 M290 120 L350 120 L350 268 L290 268 Z M118 200 L546 200",
  },
};

export const FRONT_PROFILES: Record<VehicleImageBody, FrontProfile> = {
  sedan: { width: 330, height: 120, glassTop: 0.05, glassBottom: 0.42, wheelHeight: 22 },
  hatch: { width: 310, height: 128, glassTop: 0.05, glassBottom: 0.44, wheelHeight: 22 },
  suv: { width: 350, height: 160, glassTop: 0.06, glassBottom: 0.42, wheelHeight: 26 },
  wagon: { width: 330, height: 124, glassTop: 0.05, glassBottom: 0.42, wheelHeight: 22 },
  ute: { width: 350, height: 150, glassTop: 0.06, glassBottom: 0.42, wheelHeight: 28 },
  van: { width: 340, height: 200, glassTop: 0.08, glassBottom: 0.45, wheelHeight: 22 },
  coupe: { width: 340, height: 105, glassTop: 0.05, glassBottom: 0.45, wheelHeight: 22 },
  convertible: { width: 340, height: 95, glassTop: 0.0, glassBottom: 0.35, wheelHeight: 22 },
  motorcycle: { width: 90, height: 200, glassTop: 0.0, glassBottom: 0.15, wheelHeight: 0 },
  truck: { width: 360, height: 240, glassTop: 0.1, glassBottom: 0.45, wheelHeight: 30 },
  caravan: { width: 360, height: 200, glassTop: 0.2, glassBottom: 0.45, wheelHeight: 24 },
};

export { GROUND };
