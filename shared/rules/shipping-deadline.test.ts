import { describe, expect, it } from 'vitest';
import { isLateShipment, shippingDeadline } from './shipping-deadline.js';

const at = (iso: string) => Date.parse(iso);

describe('shippingDeadline: 3 business days after the day of payment, UTC', () => {
  it.each([
    ['Monday morning', '2026-11-30T10:00:00Z', '2026-12-03T23:59:59.999Z'],
    ['Monday at the first instant', '2026-11-30T00:00:00Z', '2026-12-03T23:59:59.999Z'],
    ['Wednesday', '2026-12-02T15:00:00Z', '2026-12-07T23:59:59.999Z'],
    ['Thursday', '2026-12-03T09:00:00Z', '2026-12-08T23:59:59.999Z'],
    ['Friday, late evening', '2026-12-04T23:59:59Z', '2026-12-09T23:59:59.999Z'],
    ['Saturday', '2026-12-05T12:00:00Z', '2026-12-09T23:59:59.999Z'],
    ['Sunday', '2026-12-06T12:00:00Z', '2026-12-09T23:59:59.999Z'],
  ])('paid on %s (%s) may ship until %s', (_case, paid, deadline) => {
    expect(new Date(shippingDeadline(at(paid))).toISOString()).toBe(deadline);
  });
});

describe('isLateShipment', () => {
  const paid = at('2026-11-30T10:00:00Z'); // a Monday: deadline the end of Thursday
  const now = at('2026-12-10T00:00:00Z');
  it.each([
    ['shipped the same day', '2026-11-30T18:00:00Z', false],
    ['shipped at the last instant of the third business day', '2026-12-03T23:59:59.999Z', false],
    ['shipped one millisecond later', '2026-12-04T00:00:00.000Z', true],
    ['shipped a week later', '2026-12-07T09:00:00Z', true],
  ])('%s: late %s', (_case, shipped, late) => {
    expect(isLateShipment(paid, at(shipped), now)).toBe(late);
  });

  it('counts an unshipped order late only once its deadline has passed', () => {
    expect(isLateShipment(paid, null, at('2026-12-03T23:59:59.999Z'))).toBe(false);
    expect(isLateShipment(paid, null, at('2026-12-04T00:00:00Z'))).toBe(true);
  });
});
