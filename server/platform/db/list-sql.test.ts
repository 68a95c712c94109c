import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { containsPattern, searchTerm } from './list-sql.js';

const dialect = new PgDialect();
const render = (search: string) => dialect.sqlToQuery(containsPattern(search));

describe('containsPattern', () => {
  it.each([
    ['ava', "'%ava%'"],
    ['100%', "'%100\\%%'"],
    ['a_b', "'%a\\_b%'"],
    ['back\\slash', "'%back\\\\slash%'"],
    ["o'brien", "'%o''brien%'"],
    ["'; DROP TABLE users; --", "'%''; DROP TABLE users; --%'"],
    ["it's 50% off_$$x\\", "'%it''s 50\\% off\\_$$x\\\\%'"],
  ])('inlines %s as the literal %s, with no parameters', (search, literal) => {
    expect(render(search)).toEqual({ sql: literal, params: [] });
  });

  it.each([
    ['nul', 'a\u0000b'],
    ['line feed', 'a\nb'],
    ['escape', '\u001b[2J'],
  ])('refuses a term with a control character (%s) instead of writing it into the statement', (_, search) => {
    expect(() => containsPattern(search)).toThrow(/control characters/);
  });
});

describe('searchTerm', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['   ', null],
    ['  ava ', 'ava'],
  ])('%s → %s', (search, term) => {
    expect(searchTerm(search)).toBe(term);
  });
});
