// The pages of one order in a seller's bulk shipping document: its shipping label (the same
// layout as the SVG label of labels.ts) and a packing slip for the parcel. Pure: data in, pages out.
import type { LabelSize } from '../../../shared/contract/enums.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { addressLines, type LabelRequest, labelLayout } from './labels.js';
import type { PdfItem, PdfPage } from './pdf-document.js';

export interface PackingSlip {
  orderId: string;
  /** The day the order was placed, as YYYY-MM-DD (UTC). */
  orderDate: string;
  title: string;
  price: number;
  shippingPrice: number;
  trackingCode: string;
  sellerName: string | null;
}

export function labelPage(request: LabelRequest, trackingCode: string): PdfPage {
  const { width, height, texts } = labelLayout(request, trackingCode);
  return {
    widthIn: width,
    heightIn: height,
    items: [
      ...texts.map((text): PdfItem => ({ kind: 'text', ...text, font: 'mono' })),
      // The rule between the sender's block and the address the carrier reads.
      { kind: 'line', x1: 0.3, y1: 1.65, x2: Math.min(width, 4) - 0.3, y2: 1.65 },
    ],
  };
}

/** Splits `text` into lines of at most `width` characters at spaces (a longer word is cut), at most `max` lines, the last
 * ending in '...' when text was left out. */
export function wrapText(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest.length > 0;) {
      const room = current === '' ? width : width - current.length - 1;
      if (rest.length <= room) {
        current = current === '' ? rest : `${current} ${rest}`;
        rest = '';
      } else if (current !== '') {
        lines.push(current);
        current = '';
      } else {
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
    }
  }
  if (current !== '') lines.push(current);
  if (lines.length <= max) return lines;
  // ASCII dots: the PDF's standard fonts have no ellipsis character in every viewer's encoding.
  const kept = lines.slice(0, max);
  const last = kept[max - 1]!;
  kept[max - 1] = last.length + 3 <= width ? `${last}...` : `${last.slice(0, width - 3)}...`;
  return kept;
}

const PAGE_INCHES: Record<LabelSize, [number, number]> = { '8.5x11': [8.5, 11], '4x6': [4, 6] };
/** Characters of a 0.13 in monospace line that fit the 4 in slip's 3.4 in of width. */
const SLIP_LINE_CHARS = 42;

/**
 * The packing slip, laid out for a 4x6 in page and scaled up to fill a letter page, so it prints
 * on the same stock as the labels of the document.
 */
export function packingSlipPage(slip: PackingSlip, request: LabelRequest): PdfPage {
  const [widthIn, heightIn] = PAGE_INCHES[request.size];
  const scale = Math.min(widthIn / 4, heightIn / 6);
  const items: PdfItem[] = [];
  let y = 0.45;
  const text = (value: string, size: number, font: 'mono' | 'sans' | 'sansBold' = 'mono', gap = size * 1.45) => {
    items.push({ kind: 'text', text: value, x: 0.3 * scale, y: y * scale, size: size * scale, font });
    y += gap;
  };
  const rule = () => {
    items.push({ kind: 'line', x1: 0.3 * scale, y1: (y - 0.08) * scale, x2: 3.7 * scale, y2: (y - 0.08) * scale });
    y += 0.12;
  };
  text('PACKING SLIP', 0.24, 'sansBold', 0.3);
  text(`Order ${slip.orderId}`, 0.11);
  text(`Ordered ${slip.orderDate}`, 0.11, 'mono', 0.25);
  rule();
  text('SHIP TO', 0.13, 'sansBold');
  for (const line of addressLines(request.to)) text(line, 0.12);
  y += 0.1;
  text(`FROM ${slip.sellerName ?? ''}`.trim(), 0.13, 'sansBold');
  for (const line of addressLines(request.from)) text(line, 0.12);
  y += 0.15;
  rule();
  text('ITEM', 0.13, 'sansBold');
  for (const line of wrapText(slip.title, SLIP_LINE_CHARS, 3)) text(line, 0.12);
  text(`Price ${formatUsd(slip.price)}  Shipping ${formatUsd(slip.shippingPrice)}`, 0.12);
  text(`Tracking # ${slip.trackingCode}`, 0.12, 'mono', 0.3);
  rule();
  text('Thank you for your order!', 0.14, 'sans');
  return { widthIn, heightIn, items };
}
