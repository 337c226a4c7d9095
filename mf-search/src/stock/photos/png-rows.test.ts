import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { mirrorPngRows, pngFirstPixel } from "./png-rows";

/** A noisy picture (so every PNG row filter is used), as RGB or RGBA. */
const noisy = (channels: 3 | 4) => sharp(randomBytes(97 * 61 * channels), { raw: { width: 97, height: 61, channels } });

describe("png rows", () => {
  it.each([3, 4] as const)("mirrors a %i-channel PNG top to bottom exactly as sharp's flip does", async (channels) => {
    const png = await noisy(channels).png({ adaptiveFiltering: true }).toBuffer();
    const mirrored = await mirrorPngRows(png);
    expect(mirrored).not.toBeNull();
    const ours = await sharp(Buffer.from(mirrored ?? [])).raw().toBuffer();
    expect(ours.equals(await sharp(png).flip().raw().toBuffer())).toBe(true);
  });

  it("reads the first pixel, and nothing from what is not a PNG it reads", async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#1a2b3c" } }).png().toBuffer();
    expect(await pngFirstPixel(png)).toBe("#1a2b3c");
    const palette = await noisy(3).png({ palette: true }).toBuffer();
    expect(await mirrorPngRows(palette)).toBeNull();
    expect(await mirrorPngRows(new TextEncoder().encode("not a png"))).toBeNull();
  });
});
