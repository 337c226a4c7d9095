/**
 * The rows of a PNG the Images binding wrote, for the two things the photo consumer reads from pixels: a photo's
 * dominant colour (a 1-pixel PNG) and a mirror top to bottom for the EXIF orientations that mirror (ADR 0071; the
 * binding's `flip` is ignored by miniflare's local binding, so the rows are reversed here and the binding encodes the
 * result). Only what the binding writes is read: 8 or 16 bits a sample, grey, grey and alpha, RGB or RGBA, not
 * interlaced; anything else is null.
 */
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

type Chunk = { type: string; data: Uint8Array };

function readChunks(png: Uint8Array): Chunk[] | null {
  if (!SIGNATURE.every((byte, i) => png[i] === byte)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    if (offset + 12 + length > png.length) return null;
    chunks.push({ type, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
    if (type === "IEND") return chunks;
  }
  return null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const output = new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream));
  return new Uint8Array(await output.arrayBuffer());
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** The scanlines without their filters (PNG spec 9.2), in place; false on an unknown filter. */
function unfilter(data: Uint8Array, height: number, stride: number, bpp: number): boolean {
  for (let y = 0; y < height; y += 1) {
    const row = y * (stride + 1);
    const filter = data[row];
    for (let x = 0; x < stride; x += 1) {
      const at = row + 1 + x;
      const left = x >= bpp ? (data[at - bpp] as number) : 0;
      const up = y > 0 ? (data[at - stride - 1] as number) : 0;
      const upLeft = y > 0 && x >= bpp ? (data[at - stride - 1 - bpp] as number) : 0;
      const value = data[at] as number;
      if (filter === 0) continue;
      if (filter === 1) data[at] = value + left;
      else if (filter === 2) data[at] = value + up;
      else if (filter === 3) data[at] = value + ((left + up) >> 1);
      else if (filter === 4) data[at] = value + paeth(left, up, upLeft);
      else return false;
    }
    data[row] = 0;
  }
  return true;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunkBytes(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set([...type].map((char) => char.charCodeAt(0)), 4);
  out.set(data, 8);
  let crc = 0xffffffff;
  for (const byte of out.subarray(4, 8 + data.length)) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  view.setUint32(8 + data.length, (crc ^ 0xffffffff) >>> 0);
  return out;
}

type PngRows = { header: Uint8Array; height: number; channels: number; depth: number; stride: number; rows: Uint8Array };

/** The image's scanlines, unfiltered (each still led by its filter byte, now 0), or null when it is not one this reads. */
export async function pngRows(png: Uint8Array): Promise<PngRows | null> {
  const chunks = readChunks(png);
  const header = chunks?.[0];
  if (!chunks || header?.type !== "IHDR" || header.data.length !== 13) return null;
  const ihdr = new DataView(header.data.buffer, header.data.byteOffset, 13);
  const [width, height, depth, colourType, interlace] = [ihdr.getUint32(0), ihdr.getUint32(4), ihdr.getUint8(8), ihdr.getUint8(9), ihdr.getUint8(12)];
  const channels = CHANNELS[colourType];
  if (!channels || (depth !== 8 && depth !== 16) || interlace !== 0) return null;
  const bpp = (channels * depth) / 8;
  const stride = width * bpp;
  const idat = chunks.filter((chunk) => chunk.type === "IDAT");
  const rows = await through(concat(idat.map((chunk) => chunk.data)), new DecompressionStream("deflate")).catch(() => null);
  if (!rows || rows.length < height * (stride + 1) || !unfilter(rows, height, stride, bpp)) return null;
  return { header: header.data, height, channels, depth, stride, rows };
}

/** The first pixel as "#rrggbb" (8-bit samples; grey repeated), or null. */
export async function pngFirstPixel(png: Uint8Array): Promise<string | null> {
  const image = await pngRows(png);
  if (image?.depth !== 8) return null;
  const { rows, channels } = image;
  const rgb = channels >= 3 ? [rows[1], rows[2], rows[3]] : [rows[1], rows[1], rows[1]];
  return `#${rgb.map((value) => (value ?? 0).toString(16).padStart(2, "0")).join("")}`;
}

/** The PNG with its rows in reverse order (a mirror top to bottom), or null when it is not one this reads. */
export async function mirrorPngRows(png: Uint8Array): Promise<Uint8Array | null> {
  const image = await pngRows(png);
  if (!image) return null;
  const { header, height, stride, rows } = image;
  const mirrored = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y += 1) {
    const from = (height - 1 - y) * (stride + 1);
    mirrored.set(rows.subarray(from, from + stride + 1), y * (stride + 1));
  }
  return concat([
    Uint8Array.from(SIGNATURE),
    chunkBytes("IHDR", header),
    chunkBytes("IDAT", await through(mirrored, new CompressionStream("deflate"))),
    chunkBytes("IEND", new Uint8Array()),
  ]);
}
