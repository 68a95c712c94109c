// A seeded pseudo-random source, so the same seed always grows the same demo marketplace.

export interface Random {
  /** [0, 1) */
  next(): number;
  int(min: number, max: number): number;
  /** One of `items`: an array, or a typed array of indexes (the seed's sellers and buyers). */
  pick<T>(items: ArrayLike<T>): T;
  chance(probability: number): boolean;
  /** A version-4-shaped UUID drawn from this source (deterministic, unlike gen_random_uuid()). */
  uuid(): string;
}

const HEX_DIGITS = '0123456789abcdef';

/** mulberry32: tiny, fast and good enough for demo data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  // A loop, not Array.from with a callback: a million users draw tens of millions of digits.
  const hex = (length: number) => {
    let digits = '';
    for (let i = 0; i < length; i++) digits += HEX_DIGITS[int(0, 15)];
    return digits;
  };
  return {
    next,
    int,
    pick: <T>(items: ArrayLike<T>) => items[int(0, items.length - 1)] as T,
    chance: (probability) => next() < probability,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`,
  };
}

/** `value`'s last `length` hexadecimal digits, zero-padded. */
const hexOf = (value: number, length: number) => value.toString(16).padStart(length, '0').slice(-length);

/**
 * The id of the `index`-th row of a kind (a small number per table) in the marketplace grown from
 * `seed`: version-4 shaped, unique per (seed, kind, index), and computed rather than stored, so
 * the seeder refers to a million users without holding a million ids.
 */
export function indexedUuid(seed: number, kind: number, index: number): string {
  // The first group scatters the ids (a hash of all three), so they do not sort by creation.
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(kind + 1, 0xc2b2ae35) ^ index;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = (h ^ (h >>> 16)) >>> 0;
  return `${hexOf(h, 8)}-${hexOf(seed >>> 0, 4)}-4${hexOf(kind, 3)}-8${hexOf(Math.floor(index / 2 ** 32), 3)}-${hexOf(index >>> 0, 12)}`;
}
