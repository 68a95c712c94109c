import { describe, expect, it } from 'vitest';
import { pdfDocument, type PdfPage, pdfString } from './pdf-document.js';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

const page = (text: string, widthIn = 4, heightIn = 6): PdfPage => ({
  widthIn,
  heightIn,
  items: [
    { kind: 'text', text, x: 0.3, y: 0.5, size: 0.2 },
    { kind: 'line', x1: 0.3, y1: 0.6, x2: 3.7, y2: 0.6 },
  ],
});

describe('pdfString', () => {
  it.each([
    ['12 ELM ST', '(12 ELM ST)'],
    ['A (B) C\\D', '(A \\(B\\) C\\\\D)'],
    ['line\nbreak', '(line break)'],
    ['Crème brûlée', '(Crème brûlée)'],
    ['東京', '(??)'],
  ])('%j → %s', (text, literal) => expect(pdfString(text)).toBe(literal));
});

describe('pdfDocument', () => {
  const pdf = latin1(pdfDocument([page('FIRST'), page('SECOND', 8.5, 11)]));

  it('is a PDF with one page object per page, each of its own size', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('/Type /Pages /Kids [6 0 R 8 0 R] /Count 2');
    expect(pdf).toContain('/MediaBox [0 0 288 432]');
    expect(pdf).toContain('/MediaBox [0 0 612 792]');
  });

  it('draws text at its baseline measured from the top and rules in points', () => {
    expect(pdf).toContain('BT /F1 14.4 Tf 21.6 396 Td (FIRST) Tj ET');
    expect(pdf).toContain('21.6 388.8 m 266.4 388.8 l S');
    expect(pdf).toContain('BT /F1 14.4 Tf 21.6 756 Td (SECOND) Tj ET');
  });

  it('has a cross-reference table whose offsets point at each object', () => {
    const xrefAt = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(entries).toHaveLength(9);
    entries.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
  });

  it('gives each content stream its exact length', () => {
    for (const match of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index + match[0].length;
      expect(pdf.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
  });

  it('refuses an empty document', () => {
    expect(() => pdfDocument([])).toThrow('at least one page');
  });
});
