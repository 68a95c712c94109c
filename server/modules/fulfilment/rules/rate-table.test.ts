import { describe, expect, it } from 'vitest';
import {
  billableWeight,
  lengthPlusGirth,
  localRateQuote,
  type PackageSize,
  serviceRate,
  SHIPPING_SERVICES,
  shippingZone,
} from './rate-table.js';

const [ground, priority, express] = SHIPPING_SERVICES as [
  (typeof SHIPPING_SERVICES)[0],
  (typeof SHIPPING_SERVICES)[0],
  (typeof SHIPPING_SERVICES)[0],
];
const box = (weightOz: number, lengthIn = 0, widthIn = 0, heightIn = 0): PackageSize => ({
  weightOz,
  lengthIn,
  widthIn,
  heightIn,
});

describe('shipping zone', () => {
  it.each([
    ['78701', '78705', 1, 'same three-digit prefix'],
    ['78701', '75201', 2, 'Austin to Dallas'],
    ['10001', '02108', 2, 'New York to Boston'],
    ['10001', '60601', 6, 'New York to Chicago'],
    ['10001', '90001', 8, 'New York to Los Angeles'],
    ['02108', '98101', 8, 'Boston to Seattle: capped at 8'],
    ['78701', '99501', 9, 'to Alaska'],
    ['96813', '78701', 9, 'from Hawaii'],
    ['00901', '10001', 9, 'from Puerto Rico'],
    ['96910', '96913', 1, 'within Guam'],
  ])('%s → %s is zone %i (%s)', (from, to, zone) => expect(shippingZone(from, to)).toBe(zone));
});

describe('billable weight', () => {
  it.each<[PackageSize, number, Partial<ReturnType<typeof billableWeight>>, string]>([
    [box(4), 12, { actualWeightOz: 4, dimensionalWeightOz: 0, billableWeightOz: 12 }, 'the subcategory minimum'],
    [box(20), 12, { actualWeightOz: 20, dimensionalWeightOz: 0, billableWeightOz: 20 }, 'the actual weight'],
    [box(12.2), 12, { billableWeightOz: 13 }, 'rounded up to a whole ounce'],
    [
      box(20, 12, 12, 12),
      12,
      { dimensionalWeightOz: 0, billableWeightOz: 20 },
      'exactly one cubic foot: no dim weight',
    ],
    // 12 × 12 × 13 = 1872 in³ / 166 = 11.3 → 12 lb = 192 oz.
    [box(20, 12, 12, 13), 12, { dimensionalWeightOz: 192, billableWeightOz: 192 }, 'a big light box: dim weight'],
    [box(400, 12, 12, 13), 12, { dimensionalWeightOz: 192, billableWeightOz: 400 }, 'a big heavy box: actual'],
    [box(8, 0, 30, 30), 16, { dimensionalWeightOz: 0, billableWeightOz: 16 }, 'an unknown side: no dim weight'],
  ])('%j with a %i oz minimum → %j (%s)', (size, min, expected, _why) =>
    expect(billableWeight(size, min)).toMatchObject(expected),
  );
});

describe('service rate', () => {
  it.each([
    [ground, 1, 12, 550],
    [ground, 1, 16, 550],
    [ground, 1, 17, 635],
    [ground, 8, 12, 550 + 7 * 45],
    [ground, 5, 80, 550 + 4 * 45 + 4 * 85],
    [priority, 1, 12, 925],
    [priority, 9, 32, 925 + 8 * 70 + 140],
    [express, 2, 12, 2900 + 180],
  ])('%o zone %i, %i oz → %i cents', (service, zone, oz, cents) =>
    expect(serviceRate(service, zone, oz, box(oz, 6, 6, 6))).toMatchObject({ available: true, amountCents: cents }),
  );

  it('refuses a parcel over 70 lb', () => {
    expect(serviceRate(ground, 1, 1121, box(1121))).toEqual({
      service: 'usps_ground_advantage',
      name: 'USPS Ground Advantage',
      available: false,
      reason: 'Over 70 lb',
    });
  });

  it('refuses a parcel too long for Priority Mail but not for Ground Advantage', () => {
    const long = box(32, 60, 12, 12); // 60 + 2 × (12 + 12) = 108 in: at the limit
    const longer = box(32, 61, 12, 12);
    expect(lengthPlusGirth(long)).toBe(108);
    expect(serviceRate(priority, 1, 32, long)).toMatchObject({ available: true });
    expect(serviceRate(priority, 1, 32, longer)).toMatchObject({
      available: false,
      reason: 'Length plus girth 109 in is over 108 in',
    });
    expect(serviceRate(ground, 1, 32, longer)).toMatchObject({ available: true });
  });
});

describe('local rate quote', () => {
  it('quotes every service for the billable weight and zone', () => {
    const quote = localRateQuote('10001', '90001', box(8), 12);
    expect(quote).toMatchObject({ zone: 8, billableWeightOz: 12, minPackageWeightOz: 12 });
    expect(quote.rates.map((rate) => rate.available && rate.amountCents)).toEqual([
      550 + 7 * 45,
      925 + 7 * 70,
      2900 + 7 * 180,
    ]);
  });
});
