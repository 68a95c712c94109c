import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './seed-sink.js';

// The seed's COPY writes times through isoTime: the very strings toISOString writes.
describe('isoTime', () => {
  it.each([
    '1970-01-01T00:00:00.000Z',
    '1969-12-31T23:59:59.999Z',
    '2000-02-29T12:34:56.789Z',
    '2024-02-29T00:00:00.001Z',
    '2100-03-01T00:00:00.010Z',
    '2026-11-28T04:00:00.100Z',
    '0001-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
  ])('%s', (time) => {
    expect(isoTime(Date.parse(time))).toBe(time);
  });

  it('writes what toISOString writes for any time of the years 0–9999', () => {
    const first = Date.parse('0000-01-01T00:00:00.000Z');
    const last = Date.parse('9999-12-31T23:59:59.999Z');
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (ms) => {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });
});
