// The enforcements a resolution applies: the outcome's and the macro's, each action once.
import { describe, expect, it } from 'vitest';
import { CASE_SUSPENSION_DAYS, resolutionEnforcements, type ResolutionEnforcement } from './resolution-enforcements.js';
import type { ReviewOutcome } from '../../../../shared/contract/review-cases.js';

const NOW = Date.UTC(2026, 11, 4, 12);
const WEEK_LATER = new Date(NOW + CASE_SUSPENSION_DAYS * 86_400_000);
const JANUARY = new Date(Date.UTC(2027, 0, 15));

const cases: [string, ReviewOutcome, ResolutionEnforcement | null, ResolutionEnforcement[]][] = [
  ['dismissed, no macro: nothing', 'dismissed', null, []],
  ['content removed, no macro: nothing on the user', 'contentRemoved', null, []],
  ['warned: one warning', 'userWarned', null, [{ action: 'warn', until: null }]],
  [
    'warned by a macro that warns: ONE warning, not two',
    'userWarned',
    { action: 'warn', until: null },
    [{ action: 'warn', until: null }],
  ],
  [
    'warned by a macro that suspends selling: both',
    'userWarned',
    { action: 'suspendSelling', until: null },
    [
      { action: 'warn', until: null },
      { action: 'suspendSelling', until: null },
    ],
  ],
  ['selling suspended', 'sellingSuspended', null, [{ action: 'suspendSelling', until: null }]],
  ['account suspended: a week', 'accountSuspended', null, [{ action: 'suspend', until: WEEK_LATER }]],
  [
    'account suspended by a macro that suspends to a date: once, to the macro’s date',
    'accountSuspended',
    { action: 'suspend', until: JANUARY },
    [{ action: 'suspend', until: JANUARY }],
  ],
  [
    'content removed by a macro that bans: the ban',
    'contentRemoved',
    { action: 'ban', until: null },
    [{ action: 'ban', until: null }],
  ],
  ['an appeal granted: no enforcement here (the lift is the appeal’s)', 'appealGranted', null, []],
];

describe('resolutionEnforcements', () => {
  it.each(cases)('%s', (_name, outcome, macro, expected) => {
    expect(resolutionEnforcements(outcome, macro, NOW)).toEqual(expected);
  });
});
