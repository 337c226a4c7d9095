import type { Browser } from "playwright-core";

export type ImageDiff = { width: number; height: number; differing: number; sizeMatches: boolean; diffPng: Buffer | null };

/**
 * Compares two PNG screenshots in Chromium itself (a canvas reads both images' pixels), so the visual check needs
 * no image library. A pixel differs when any channel moves by more than `channelTolerance` (anti-aliasing noise
 * stays under it); the answer has a PNG with the differing pixels in red over the new image, faded.
 */
export async function comparePngs(browser: Browser, baseline: Buffer, actual: Buffer, channelTolerance = 40): Promise<ImageDiff> {
  const page = await browser.newPage();
  try {
    const result = (await page.evaluate(
      async ([before, after, tolerance]) => {
        const load = async (base64: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext("2d") as CanvasRenderingContext2D;
          context.drawImage(image, 0, 0);
          return { canvas, context, data: context.getImageData(0, 0, canvas.width, canvas.height) };
        };
        const [a, b] = await Promise.all([load(before as string), load(after as string)]);
        if (a.canvas.width !== b.canvas.width || a.canvas.height !== b.canvas.height) {
          return { width: b.canvas.width, height: b.canvas.height, differing: b.canvas.width * b.canvas.height, sizeMatches: false, diff: null };
        }
        const out = b.context.createImageData(b.canvas.width, b.canvas.height);
        let differing = 0;
        for (let i = 0; i < a.data.data.length; i += 4) {
          let moved = false;
          for (let c = 0; c < 3; c++) if (Math.abs((a.data.data[i + c] as number) - (b.data.data[i + c] as number)) > (tolerance as number)) moved = true;
          if (moved) differing++;
          out.data[i] = moved ? 255 : 255 - ((255 - (b.data.data[i] as number)) >> 2);
          out.data[i + 1] = moved ? 0 : 255 - ((255 - (b.data.data[i + 1] as number)) >> 2);
          out.data[i + 2] = moved ? 0 : 255 - ((255 - (b.data.data[i + 2] as number)) >> 2);
          out.data[i + 3] = 255;
        }
        b.context.putImageData(out, 0, 0);
        return { width: b.canvas.width, height: b.canvas.height, differing, sizeMatches: true, diff: differing ? b.canvas.toDataURL("image/png").split(",")[1] : null };
      },
      [baseline.toString("base64"), actual.toString("base64"), channelTolerance] as const,
    )) as { width: number; height: number; differing: number; sizeMatches: boolean; diff: string | null };
    return { ...result, diffPng: result.diff ? Buffer.from(result.diff, "base64") : null };
  } finally {
    await page.close();
  }
}
