import { themePalette } from "./theme-palette";

type Theme = {
  primary: string;
  accent: string;
  text: string;
  font: "system" | "humanist" | "serif" | "open-sans";
  density: "compact" | "regular" | "airy";
  corners: "square" | "soft" | "round";
  header: "brand" | "light";
};

/** The self-hosted font files (the shell's build, fonts/); every other choice is a stack of fonts the device has. */
export const SELF_HOSTED_FONT_FILES = { "open-sans": ["open-sans-400.woff2", "open-sans-700.woff2"] } as const;

const FONT_STACKS: Record<Theme["font"], { body: string; heading?: string }> = {
  system: { body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  humanist: { body: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", sans-serif' },
  serif: { body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', heading: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, "Liberation Serif", serif' },
  "open-sans": { body: '"Open Sans", system-ui, sans-serif' },
};
const DENSITY = { compact: 0.85, regular: 1, airy: 1.15 } as const;
const CORNERS = { square: 0, soft: 1, round: 2 } as const;

/**
 * The theme's colours as the design system's custom properties, made WCAG AA-safe first (themePalette): what the
 * dealer console, which loads no font or layout of the site, takes from a site's theme (ADR 0073).
 */
export function themeColourProperties(theme: Pick<Theme, "primary" | "accent" | "text" | "header">): [string, string][] {
  const palette = themePalette(theme);
  return [
    ["--brand-primary", palette.primary],
    ["--brand-accent", palette.accent],
    ["--on-accent", palette.onAccent],
    ["--brand-text", palette.text],
    ...(theme.header === "light" ? ([["--header-bg", "#ffffff"], ["--header-fg", palette.primary]] as [string, string][]) : []),
  ];
}

/**
 * The site's theme as the custom properties the design system's tokens read (shared/src/ui/design/tokens.css),
 * with its colours made WCAG AA-safe first (themePalette), and @font-face for a self-hosted font under fontBase.
 */
export function themeCss(theme: Theme, fontBase: string): string {
  const font = FONT_STACKS[theme.font];
  // Only what differs from the tokens' defaults (system font, regular density, soft corners, brand header, white on primary).
  const properties = [
    ...themeColourProperties(theme).map(([name, value]) => `${name}:${value}`),
    ...(theme.font === "system" ? [] : [`--font-body:${font.body}`]),
    ...(font.heading ? [`--font-heading:${font.heading}`] : []),
    ...(theme.density === "regular" ? [] : [`--density:${DENSITY[theme.density]}`]),
    ...(theme.corners === "soft" ? [] : [`--corner:${CORNERS[theme.corners]}`]),
  ];
  const faces =
    theme.font === "open-sans"
      ? SELF_HOSTED_FONT_FILES["open-sans"]
          .map((file, index) => `@font-face{font-family:"Open Sans";font-weight:${index ? 700 : 400};font-display:swap;src:url(${fontBase}/${file}) format("woff2")}`)
          .join("")
      : "";
  return `${faces}:root{${properties.join(";")}}`;
}
