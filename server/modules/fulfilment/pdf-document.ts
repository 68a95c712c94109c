// A small PDF writer for printable shipping documents: pages of text and rules in the PDF
// standard fonts, nothing embedded, so a bulk document of labels and packing slips needs no
// library. Pure: pages in, bytes out. Layout is in inches from the top-left corner (as the SVG
// labels of labels.ts), turned here into PDF points from the bottom-left.

export type PdfFont = 'mono' | 'sans' | 'sansBold';

export type PdfItem =
  | { kind: 'text'; text: string; x: number; y: number; size: number; font?: PdfFont }
  /** A straight rule, e.g. under a heading or around the label's address block. */
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number };

export interface PdfPage {
  widthIn: number;
  heightIn: number;
  items: readonly PdfItem[];
}

const POINTS_PER_INCH = 72;
const FONTS: Record<PdfFont, { name: string; base: string }> = {
  mono: { name: 'F1', base: 'Courier' },
  sans: { name: 'F2', base: 'Helvetica' },
  sansBold: { name: 'F3', base: 'Helvetica-Bold' },
};
const FONT_ORDER: readonly PdfFont[] = ['mono', 'sans', 'sansBold'];

const pt = (inches: number) => Number((inches * POINTS_PER_INCH).toFixed(2));

/**
 * A PDF string literal. The standard fonts are WinAnsi-encoded: characters outside Latin-1 print
 * as '?', which an address or a title seldom has (labels are upper-case ASCII anyway).
 */
export function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\' || char === '(' || char === ')') out += `\\${char}`;
    else if (code < 32) out += ' ';
    else if (code > 255) out += '?';
    else out += char;
  }
  return `(${out})`;
}

function contentStream(page: PdfPage): string {
  const height = page.heightIn;
  return page.items
    .map((item) => {
      if (item.kind === 'line')
        return `${pt(item.x1)} ${pt(height - item.y1)} m ${pt(item.x2)} ${pt(height - item.y2)} l S`;
      const font = FONTS[item.font ?? 'mono'].name;
      // `y` is the text's baseline, as an SVG <text>'s.
      return `BT /${font} ${pt(item.size)} Tf ${pt(item.x)} ${pt(height - item.y)} Td ${pdfString(item.text)} Tj ET`;
    })
    .join('\n');
}

/** The document's bytes: one PDF page per page, in order. */
export function pdfDocument(pages: readonly PdfPage[]): Uint8Array {
  if (pages.length === 0) throw new Error('A PDF needs at least one page');
  // Objects: 1 catalog, 2 page tree, 3–5 fonts, then a page and its content stream per page.
  const firstPage = 3 + FONT_ORDER.length;
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  const kids = pages.map((_, index) => `${firstPage + index * 2} 0 R`).join(' ');
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`;
  const fontRefs = FONT_ORDER.map((font, index) => {
    objects[3 + index] = `<< /Type /Font /Subtype /Type1 /BaseFont /${FONTS[font].base} /Encoding /WinAnsiEncoding >>`;
    return `/${FONTS[font].name} ${3 + index} 0 R`;
  }).join(' ');
  pages.forEach((page, index) => {
    const pageObject = firstPage + index * 2;
    const stream = contentStream(page);
    objects[pageObject] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pt(page.widthIn)} ${pt(page.heightIn)}] ` +
      `/Resources << /Font << ${fontRefs} >> >> /Contents ${pageObject + 1} 0 R >>`;
    objects[pageObject + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  // Every byte is Latin-1, so string lengths in latin1 are the byte offsets the xref table needs.
  let body = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  for (let number = 1; number < objects.length; number += 1) {
    offsets[number] = Buffer.byteLength(body, 'latin1');
    body += `${number} 0 obj\n${objects[number]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let number = 1; number < objects.length; number += 1)
    body += `${String(offsets[number]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
