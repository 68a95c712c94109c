import { describe, expect, it } from 'vitest';
import type { LabelRequest } from './labels.js';
import type { PdfItem } from './pdf-document.js';
import { labelPage, packingSlipPage, wrapText } from './shipping-document-pages.js';

const party = (firstName: string) => ({
  firstName,
  lastName: 'Doe',
  addressLineOne: '12 ELM ST',
  addressLineTwo: null,
  city: 'AUSTIN',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
});
const request = (size: LabelRequest['size']): LabelRequest => ({
  orderId: 'order-1',
  size,
  from: party('Sally'),
  to: party('Bob'),
  weightOz: 12,
});
const texts = (items: readonly PdfItem[]) => items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));

describe('wrapText', () => {
  it.each([
    ['Brass compass', 20, 3, ['Brass compass']],
    ['A brass compass in its box', 10, 3, ['A brass', 'compass in', 'its box']],
    ['Supercalifragilistic', 8, 3, ['Supercal', 'ifragili', 'stic']],
    ['one two three four five six', 8, 2, ['one two', 'three...']],
    ['one two three four five six', 7, 2, ['one two', 'thre...']],
    ['  spaced   out  ', 20, 3, ['spaced out']],
    ['', 10, 3, []],
  ])('%j at %i × %i → %j', (text, width, max, lines) => expect(wrapText(text, width, max)).toEqual(lines));
});

describe('order pages', () => {
  it('draws the label of labels.ts at the label size', () => {
    const page = labelPage(request('4x6'), '9400123');
    expect(page).toMatchObject({ widthIn: 4, heightIn: 6 });
    expect(texts(page.items)).toEqual(
      expect.arrayContaining(['USPS GROUND ADVANTAGE', 'Bob Doe', 'Sally Doe', 'TRACKING # 9400123', 'ORDER order-1']),
    );
  });

  it('lays out a packing slip with both addresses, the item, prices and tracking, scaled to a letter page', () => {
    const slip = {
      orderId: 'order-1',
      orderDate: '2025-03-01',
      title: 'Brass compass',
      price: 25,
      shippingPrice: 4.5,
      trackingCode: '9400123',
      sellerName: 'sally',
    };
    const small = packingSlipPage(slip, request('4x6'));
    expect(texts(small.items)).toEqual([
      'PACKING SLIP',
      'Order order-1',
      'Ordered 2025-03-01',
      'SHIP TO',
      'Bob Doe',
      '12 ELM ST',
      'AUSTIN, TX 78701',
      'US',
      'FROM sally',
      'Sally Doe',
      '12 ELM ST',
      'AUSTIN, TX 78701',
      'US',
      'ITEM',
      'Brass compass',
      'Price $25.00  Shipping $4.50',
      'Tracking # 9400123',
      'Thank you for your order!',
    ]);
    const lowest = Math.max(...small.items.map((item) => (item.kind === 'text' ? item.y : item.y2)));
    expect(lowest).toBeLessThan(6);
    const letter = packingSlipPage(slip, request('8.5x11'));
    expect(letter).toMatchObject({ widthIn: 8.5, heightIn: 11 });
    const first = letter.items[0]!;
    expect(first.kind === 'text' && first.size).toBeCloseTo(0.24 * (11 / 6));
  });
});
