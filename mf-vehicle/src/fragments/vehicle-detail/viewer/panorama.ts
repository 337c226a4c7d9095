/**
 * The interior panorama's pan (ADR 0105): a fraction of the picture's width in [0, 1), wrapping both ways, since an
 * equirectangular picture's right edge meets its left.
 */

/** One arrow key press or button press: 15° of the full turn. */
export const PANORAMA_STEP = 1 / 24;

/** The pan moved by `by` (a fraction of the picture), wrapped into [0, 1). */
export const panBy = (pan: number, by: number) => (((pan + by) % 1) + 1) % 1;

/** The pan after a drag of `dx` CSS pixels over a picture `width` pixels wide: dragging right looks left. */
export const panAfterDrag = (start: number, dx: number, width: number) => panBy(start, -dx / Math.max(width, 1));

/** The pan as whole degrees of the turn, 0 to 359, for the control's value. */
export const panDegrees = (pan: number) => Math.round(pan * 360) % 360;
