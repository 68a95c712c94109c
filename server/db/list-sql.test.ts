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
  ])('inlines %s as the literal %s, with no parameters', (search, literal) => {
    expect(render(search)).toEqual({ sql: literal, params: [] });
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
