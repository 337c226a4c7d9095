/**
 * A text-only PDF (A4, Helvetica) written by hand: the Worker needs no PDF library for a one-page vehicle sheet.
 * Text is reduced to printable ASCII, so every string's length is its byte length and the xref offsets hold.
 */
const PAGE = { width: 595, height: 842, margin: 50 };
const FONT_SIZE = 10;
const LEADING = 14;
/** Helvetica at 10 pt averages about 5 pt a character: 90 characters fill the 495 pt line. */
const LINE_CHARS = 90;
const LINES_PER_PAGE = Math.floor((PAGE.height - 2 * PAGE.margin) / LEADING);

function ascii(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e]/g, "");
}

/** Word-wrapped to the line width; an empty line stays as a gap. */
export function wrapLines(lines: string[], width = LINE_CHARS): string[] {
  return lines.flatMap((line) => {
    const words = ascii(line).split(/\s+/).filter(Boolean);
    if (!words.length) return [""];
    const out: string[] = [];
    let current = "";
    for (const word of words) {
      for (const piece of word.match(new RegExp(`.{1,${width}}`, "g")) ?? []) {
        if (current && current.length + 1 + piece.length > width) {
          out.push(current);
          current = piece;
        } else current = current ? `${current} ${piece}` : piece;
      }
    }
    out.push(current);
    return out;
  });
}

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

export function textPdf(lines: string[]): Uint8Array {
  const wrapped = wrapLines(lines);
  const pages: string[][] = [];
  for (let i = 0; i < wrapped.length; i += LINES_PER_PAGE) pages.push(wrapped.slice(i, i + LINES_PER_PAGE));
  if (!pages.length) pages.push([]);
  // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content stream per page.
  const objects: string[] = ["", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"];
  const kids: number[] = [];
  for (const page of pages) {
    const content = [`BT /F1 ${FONT_SIZE} Tf ${LEADING} TL ${PAGE.margin} ${PAGE.height - PAGE.margin} Td`, ...page.map((line) => `(${escapePdf(line)}) '`), "ET"].join("\n");
    const pageId = objects.length + 1;
    kids.push(pageId);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  objects[0] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[1] = `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
