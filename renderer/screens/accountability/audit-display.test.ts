import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/contract/accountability.js';
import {
  auditCsv,
  auditFiltersOfView,
  auditViewFilters,
  changedFields,
  matchesAuditFilters,
  ruleActorOf,
} from './audit-display.js';

describe('changedFields', () => {
  it.each([
    [
      'a seller fee change',
      { sellerFee: 7, email: 'a@b.c' },
      { sellerFee: 12, email: 'a@b.c' },
      [['sellerFee', '7', '12']],
    ],
    ['nothing changed', { featured: true }, { featured: true }, []],
    [
      'a nested change',
      { user: { id: 'u1', userName: 'a' } },
      { user: { id: 'u1', userName: 'b' } },
      [['user.userName', 'a', 'b']],
    ],
    ['an array', { tags: ['a'] }, { tags: ['a', 'b'] }, [['tags', '["a"]', '["a","b"]']]],
    ['two levels down stays JSON', { o: { p: { q: 1 } } }, { o: { p: { q: 2 } } }, [['o.p', '{"q":1}', '{"q":2}']]],
    [
      'a deletion',
      { id: 'r1', rate: 5 },
      null,
      [
        ['id', 'r1', '-'],
        ['rate', '5', '-'],
      ],
    ],
    ['a creation', null, { note: 'Called' }, [['note', '-', 'Called']]],
    [
      'an enforcement that appears',
      { a: 1, enforcement: null },
      { a: 1, enforcement: { action: 'ban', until: null } },
      [['enforcement.action', '-', 'ban']],
    ],
    ['plain values', 37.5, 12.5, [['value', '37.5', '12.5']]],
  ])('%s', (_, before, after, expected) => {
    expect(changedFields(before, after).map((c) => [c.field, c.before, c.after])).toEqual(expected);
  });
});

const entry: AuditEntry = {
  id: 'a1',
  admin: { uid: 'uid-1', email: 'admin@market.test' },
  action: 'setSellerFee',
  recordType: 'user',
  recordId: 'u1',
  before: { sellerFee: 7 },
  after: { sellerFee: 12 },
  createdAt: '2026-01-02T10:00:00.000Z',
};

describe('matchesAuditFilters', () => {
  it.each([
    [{}, true],
    [{ adminUid: 'uid-1', action: 'setSellerFee' }, true],
    [{ adminUid: 'uid-2' }, false],
    [{ recordType: 'listing' }, false],
    [{ recordId: 'u1' }, true],
    [{ recordId: 'u2' }, false],
    // The server searches; a pushed entry waits for the next fetch.
    [{ search: 'fee' }, false],
  ])('%j → %s', (filters, expected) => {
    expect(matchesAuditFilters(entry, filters)).toBe(expected);
  });
});

describe('the audit log filters in a saved view', () => {
  it.each([
    ['no filters', {}, {}],
    ['every filter', { adminUid: 'u1', action: 'refund', recordType: 'order', recordId: 'o1' }, null],
    ['blank ones left out', { adminUid: 'u1', action: '', recordType: undefined }, { adminUid: 'u1' }],
  ])('keeps %s and gets them back', (_, filters, kept) => {
    const saved = auditViewFilters(filters);
    expect(saved).toEqual(kept ?? filters);
    expect(auditFiltersOfView(saved)).toEqual(kept ?? filters);
  });

  it('applies only its own keys from a view, the first of a list, trimmed', () => {
    expect(
      auditFiltersOfView({ action: ['refund', 'cancel'], recordId: ' o1 ', status: 'open', adminUid: ' ' }),
    ).toEqual({
      action: 'refund',
      recordId: 'o1',
    });
  });
});

describe('auditCsv', () => {
  it('writes one row per changed field and quotes what needs it', () => {
    const note = { ...entry, id: 'a2', action: 'addNote', before: null, after: { note: 'Said "hi", twice' } };
    expect(auditCsv([entry, note]).split('\r\n')).toEqual([
      'time,admin,action,record type,record id,field,before,after',
      '2026-01-02T10:00:00.000Z,admin@market.test,setSellerFee,user,u1,sellerFee,7,12',
      '2026-01-02T10:00:00.000Z,admin@market.test,addNote,user,u1,note,-,"Said ""hi"", twice"',
      '',
    ]);
  });
});

describe('ruleActorOf', () => {
  const ruleId = '5b1c2d3e-0000-4000-8000-000000000001';
  it.each([
    {
      why: 'a rule named by the server',
      admin: { uid: `rule:${ruleId}`, email: null },
      byRule: { id: ruleId, name: 'Pay words' },
      expected: { id: ruleId, label: 'Rule “Pay words”' },
    },
    {
      why: 'a rule without its name (pushed live)',
      admin: { uid: `rule:${ruleId}`, email: null },
      byRule: undefined,
      expected: { id: ruleId, label: 'Rule 5b1c2d3e' },
    },
    { why: 'a person', admin: { uid: 'uid-1', email: 'mod@market.test' }, byRule: undefined, expected: null },
    { why: 'a uid that only starts like one', admin: { uid: 'rule:', email: null }, byRule: undefined, expected: null },
    { why: 'another kind of uid', admin: { uid: 'system:closer', email: null }, byRule: undefined, expected: null },
  ])('$why', ({ admin, byRule, expected }) => {
    expect(ruleActorOf({ admin, byRule })).toEqual(expected);
  });
});
