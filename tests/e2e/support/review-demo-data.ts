// Demo review cases for the contract tests: four for the review queue, two for the support queue.
import type { ReviewCase } from '../../../shared/contract/review-cases.js';

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 0, 20, 12, 0) - minutesAgo * 60_000).toISOString();

const base = (
  id: string,
  minutesAgo: number,
): Omit<ReviewCase, 'source' | 'subjectType' | 'subjectId' | 'reason' | 'excerpt'> => ({
  id,
  status: 'open',
  priority: 'normal',
  matches: [],
  signalCount: 1,
  reporter: null,
  subjectUser: { id: 'u1', userName: 'user1', email: 'user1@example.com' },
  assignee: null,
  outcome: null,
  note: null,
  createdAt: at(minutesAgo),
  updatedAt: at(minutesAgo),
  resolvedAt: null,
  // Due by the normal priority's 24 hours.
  dueAt: new Date(Date.parse(at(minutesAgo)) + 24 * 3_600_000).toISOString(),
  overdue: false,
  escalated: false,
});

export function reviewDemoCases(): ReviewCase[] {
  return [
    {
      ...base('rc1', 5),
      source: 'offPlatformContact',
      subjectType: 'chatMessage',
      subjectId: 'm0',
      reason: 'Off-platform contact in a chat message (messenger, phone)',
      excerpt: 'text me 555 two one two 4567',
      matches: [
        { kind: 'messenger', text: 'text me' },
        { kind: 'phone', text: '555 two one two 4567' },
      ],
    },
    {
      ...base('rc2', 30),
      source: 'paymentHandle',
      subjectType: 'chatMessage',
      subjectId: 'm1',
      priority: 'high',
      reason: 'Payment handle in a chat message (payment)',
      excerpt: 'just send it on venmo @kicksdan',
      matches: [{ kind: 'payment', text: 'venmo' }],
    },
    {
      ...base('rc3', 90),
      source: 'listingReport',
      subjectType: 'listing',
      subjectId: 'l1',
      priority: 'high',
      reason: 'Reported: scam',
      excerpt: 'Photos are stolen from another shop',
      signalCount: 3,
      reporter: { id: 'u2', userName: 'user2' },
    },
    {
      ...base('rc4', 600),
      source: 'auctionIntegrity',
      subjectType: 'listing',
      subjectId: 'l2',
      priority: 'high',
      reason: 'Shill bidding suspected: 1 bidder at or over 0.599',
      excerpt: 'user5 outbid others 6 times on one seller',
      status: 'claimed',
      assignee: { uid: 'uid-other', email: 'other@example.com' },
    },
    {
      ...base('rc5', 45),
      source: 'orderIssue',
      subjectType: 'order',
      subjectId: 's1',
      reason: 'Damaged Item',
      excerpt: 'The lens arrived cracked',
      reporter: { id: 'u2', userName: 'user2' },
    },
    {
      ...base('rc6', 120),
      source: 'contactMessage',
      subjectType: 'none',
      subjectId: 'cm1',
      priority: 'low',
      reason: 'Contact us: Cannot sign in',
      excerpt: 'Pat <pat@example.com>: Locked out of my account',
      subjectUser: null,
    },
  ];
}
