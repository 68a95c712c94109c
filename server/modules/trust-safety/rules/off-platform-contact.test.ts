import { describe, expect, it } from 'vitest';
import { HARD_NEGATIVES } from './off-platform-contact.corpus-negatives.js';
import { POSITIVES } from './off-platform-contact.corpus-positives.js';
import { detectOffPlatformContact, reviewSourceFor, type OffPlatformKind } from './off-platform-contact.js';

const kindsIn = (text: string) => detectOffPlatformContact(text).matches.map((m) => m.kind);

describe('detectOffPlatformContact by category', () => {
  it.each([
    ['555 212 4567', 'phone', '555 212 4567'],
    ['call (555)212-4567 now', 'phone', '555)212-4567'],
    ['+1 555 212 4567', 'phone', '1 555 212 4567'],
    ['text me 555 two one two 4567', 'phone', '555 two one two 4567'],
    ['fivefive5 212 4567', 'phone', 'fivefive5 212 4567'],
    ['５５５ ２１２ ４５６７', 'phone', '５５５ ２１２ ４５６７'],
    ['name@gmail.com', 'email', 'name@gmail.com'],
    ['name at gmail dot com', 'email', 'name at gmail dot com'],
    ['name [at] gmail (dot) com', 'email', 'name [at] gmail (dot) com'],
    ['see mysite.com', 'url', 'mysite.com'],
    ['shop.example.net has it', 'url', 'shop.example.net'],
    ['https://example.org/x?y=1.', 'url', 'https://example.org/x?y=1'],
    ['WhatsApp me', 'messenger', 'WhatsApp'],
    ['TG: @deals', 'messenger', 'TG'],
    ['follow my insta', 'messenger', 'follow my insta'],
    ['Теlеgrаm', 'messenger', 'Теlеgrаm'],
    ['Venmo @name', 'payment', 'Venmo'],
    ['Cash App $tag', 'payment', 'Cash App'],
    ['paypal.me/jane', 'payment', 'paypal.me/jane'],
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'payment', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'payment', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'],
    ['can we pay outside?', 'payment', 'pay outside'],
    ['dm me on the gram', 'messenger', 'dm me on the gram'],
    ['555-CALL-NOW', 'phone', '555-CALL-NOW'],
    ['jen dot vintage at gmail', 'email', 'jen dot vintage at gmail'],
  ] as const)('%s → %s', (text, kind, span) => {
    const match = detectOffPlatformContact(text).matches.find((m) => m.kind === kind);
    expect(match?.text).toBe(span);
  });

  it.each([
    '$25',
    '$1,250.00',
    '25 dollars',
    '12 x 8 x 4 in',
    'size 10.5',
    'XL',
    '12/25/2026',
    '10:30 pm',
    '2026-11-23',
    '1999',
    '9400 1000 0000 0000 0000 00',
    '1Z999AA10123456784',
    'order #48213',
    '3f2b8c1e-9d4a-4e2b-8f6a-1c2d3e4f5a6b',
    '90210',
    '90210-1234',
    '5/5',
    '4.5 stars',
    'iPhone 15',
    'PS5',
    'e.g. the strap, i.e. all of it',
    'photo.jpg',
    'snap fit lid',
    'signal strength',
    'seven more',
    'invoice 2024-0919-88',
    'Call me back? I mean reply here',
    '500 gram',
    'SKU 450-BLK-12',
  ])('does not flag %s', (text) => {
    expect(detectOffPlatformContact(text).matches).toEqual([]);
  });

  it('maps payment handles to their own review source', () => {
    expect(reviewSourceFor('payment')).toBe('paymentHandle');
    for (const kind of ['phone', 'email', 'url', 'messenger'] as const) {
      expect(reviewSourceFor(kind)).toBe('offPlatformContact');
    }
  });
});

describe('spans', () => {
  it('point into the original text, whatever the normalisation did', () => {
    for (const text of [...HARD_NEGATIVES, ...POSITIVES.map(([t]) => t)]) {
      for (const m of detectOffPlatformContact(text).matches) {
        expect(m.text).toBe(text.slice(m.start, m.end));
        expect(m.end).toBeGreaterThan(m.start);
      }
    }
  });
});

describe('labelled corpus', () => {
  it('holds precision and recall at or above 0.95', () => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    const misses: string[] = [];
    for (const text of HARD_NEGATIVES) {
      const kinds = kindsIn(text);
      if (kinds.length > 0) {
        falsePositives++;
        misses.push(`FP ${JSON.stringify(text)} → ${kinds.join(',')}`);
      }
    }
    for (const [text, expected] of POSITIVES) {
      const kinds: OffPlatformKind[] = kindsIn(text);
      if (kinds.includes(expected)) truePositives++;
      else {
        falseNegatives++;
        misses.push(`FN ${JSON.stringify(text)} expected ${expected}, got ${kinds.join(',') || 'nothing'}`);
      }
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `off-platform corpus: ${POSITIVES.length} positives, ${HARD_NEGATIVES.length} hard negatives; ` +
        `precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n${misses.join('\n')}`,
    );
    expect(HARD_NEGATIVES.length + POSITIVES.length).toBeGreaterThanOrEqual(300);
    expect(HARD_NEGATIVES.length).toBeGreaterThanOrEqual(POSITIVES.length);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
