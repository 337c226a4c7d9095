/**
 * A dealer's brand colours, checked against WCAG 2.2 AA before the page uses them (docs/design.md, ADR 0047).
 * The primary colour is both a fill under white text (header, primary buttons) and link text on white, so it must
 * reach 4.5:1 against white; a lighter one is darkened in small steps until it does, keeping its hue. The text
 * colour must reach 4.5:1 on white too; one that cannot be used is refused and the platform's text colour applies.
 * The accent is a fill: its text is black or white, whichever contrasts more (one of them always reaches 4.5:1).
 */
export const AA_TEXT = 4.5;
const WHITE = "#ffffff";
const BLACK = "#000000";
export const DEFAULT_TEXT = "#1b1b1b";

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

/** Relative luminance (WCAG 2.2 definition). */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour darkened (mixed toward black in 5 % steps) until it reaches `ratio` against white. */
export function darkenUntil(hex: string, ratio: number): string {
  const rgb = toRgb(hex);
  for (let step = 0; step <= 20; step++) {
    const candidate = toHex(rgb.map((channel) => channel * (1 - step * 0.05)) as Rgb);
    if (contrastRatio(candidate, WHITE) >= ratio) return candidate;
  }
  return "#000000";
}

export type BrandColours = { primary: string; accent: string; text: string };
export type ThemePalette = BrandColours & {
  onPrimary: string;
  onAccent: string;
  /** What was changed and why, for the operator (empty when the palette passed as given). */
  adjustments: string[];
};

export function themePalette(colours: BrandColours): ThemePalette {
  const adjustments: string[] = [];
  const primary = darkenUntil(colours.primary, AA_TEXT);
  if (primary !== colours.primary.toLowerCase()) {
    adjustments.push(`primary ${colours.primary} darkened to ${primary}: ${contrastRatio(colours.primary, WHITE).toFixed(2)}:1 against white is under ${AA_TEXT}:1`);
  }
  let text = colours.text.toLowerCase();
  if (contrastRatio(text, WHITE) < AA_TEXT) {
    adjustments.push(`text ${colours.text} refused: ${contrastRatio(text, WHITE).toFixed(2)}:1 against white is under ${AA_TEXT}:1`);
    text = DEFAULT_TEXT;
  }
  const accent = colours.accent.toLowerCase();
  const onAccent = contrastRatio(accent, BLACK) >= contrastRatio(accent, WHITE) ? BLACK : WHITE;
  return { primary, onPrimary: WHITE, accent, onAccent, text, adjustments };
}
