import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './canonical-email.js';

const CANONICAL_EMAILS: [string, string][] = [
  ['ann@example.com', 'ann@example.com'],
  ['Ann@Example.COM', 'ann@example.com'],
  ['ann+shop@example.com', 'ann@example.com'],
  ['ann+a+b@example.com', 'ann@example.com'],
  ['a.n.n@example.com', 'a.n.n@example.com'],
  ['a.n.n@gmail.com', 'ann@gmail.com'],
  ['A.N.N+Bids@GMail.com', 'ann@gmail.com'],
  ['a.nn+x@googlemail.com', 'ann@googlemail.com'],
  ['ann@mail.gmail.com', 'ann@mail.gmail.com'],
  ['+tag@example.com', '@example.com'],
  ['no-at-sign', 'no-at-sign'],
  ['two@at@signs.com', 'two@at@signs.com'],
];

describe('canonicalEmail', () => {
  it.each(CANONICAL_EMAILS)('%s → %s', (email, canonical) => {
    expect(canonicalEmail(email)).toBe(canonical);
  });
});
