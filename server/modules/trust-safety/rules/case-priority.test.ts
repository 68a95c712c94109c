import { describe, expect, it } from 'vitest';
import { casePriority, higherPriority, type PriorityContext } from './case-priority.js';

describe('casePriority', () => {
  it.each<[PriorityContext, string]>([
    [{ source: 'listingReport', reportType: 'scam' }, 'high'],
    [{ source: 'listingReport', reportType: 'nudity' }, 'normal'],
    [{ source: 'listingReport', reportType: 'harmful' }, 'normal'],
    [{ source: 'listingReport', reportType: 'other' }, 'low'],
    [{ source: 'paymentHandle', chatHasOpenOrder: true }, 'high'],
    [{ source: 'paymentHandle', chatHasOpenOrder: false }, 'normal'],
    [{ source: 'offPlatformContact', chatHasOpenOrder: true }, 'normal'],
    [{ source: 'offPlatformContact', subjectUserStrikes: 1 }, 'high'],
    [{ source: 'contactMessage' }, 'low'],
    [{ source: 'contactMessage', subjectUserStrikes: 2 }, 'high'],
    [{ source: 'rule', rulePriority: 'low' }, 'low'],
    [{ source: 'rule', rulePriority: 'high' }, 'high'],
    [{ source: 'rule' }, 'normal'],
    [{ source: 'rule', rulePriority: 'low', subjectUserStrikes: 1 }, 'high'],
    [{ source: 'orderIssue' }, 'normal'],
    [{ source: 'supportRequest' }, 'normal'],
    [{ source: 'auctionIntegrity' }, 'high'],
  ])('%j → %s', (context, expected) => {
    expect(casePriority(context)).toBe(expected);
  });

  it('a joining signal only ever raises the priority', () => {
    expect(higherPriority('low', 'high')).toBe('high');
    expect(higherPriority('high', 'low')).toBe('high');
    expect(higherPriority('normal', 'low')).toBe('normal');
  });
});
