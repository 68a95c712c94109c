// The screens the contract specs audit, each with its route and what shows once it is drawn (the
// fake market's data): the specification's screens, and those built beyond it. The axe, contrast
// and screenshot specs walk the same lists.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { adminTable } from './table.js';

export type AuditedScreen = [name: string, route: string, ready: (page: Page) => Promise<void>];

/** The screens of the specification. */
export const SPEC_SCREENS: AuditedScreen[] = [
  ['dashboard-home', '/dashboard/home', (p) => expect(p.getByText('Total Registered Users')).toBeVisible()],
  ['users', '/dashboard/users', (p) => expect(adminTable(p, 'Users').rows).toHaveCount(10)],
  [
    'active-listings',
    '/dashboard/listings/active',
    (p) => expect(p.getByText('Listing 0', { exact: true })).toBeVisible(),
  ],
  ['sold-listings', '/dashboard/listings/sold', (p) => expect(p.getByText('Sold item 0')).toBeVisible()],
  ['subcategories', '/dashboard/subcategory', (p) => expect(p.getByText('Cameras')).toBeVisible()],
  ['ratings', '/dashboard/ratings', (p) => expect(p.getByText('Deleted user')).toBeVisible()],
  [
    'auction-messages',
    '/dashboard/auctionMessages',
    (p) => expect(p.getByText('Is it still available?')).toBeVisible(),
  ],
  ['chats', '/dashboard/inbox/chats', (p) => expect(p.getByText('See you')).toBeVisible()],
  [
    'chat-messages',
    '/dashboard/inbox/messages',
    (p) => expect(p.getByText('Message 0', { exact: true })).toBeVisible(),
  ],
  [
    'listings-placeholder',
    '/dashboard/listings',
    (p) => expect(p.getByRole('heading', { name: 'Listings' })).toBeVisible(),
  ],
];

/** The screens built beyond the specification (review, settings, audit, team). */
export const APP_SCREENS: AuditedScreen[] = [
  [
    'customer-support',
    '/dashboard/customer-support',
    (p) => expect(adminTable(p, 'Customer Support').rows).toHaveCount(2),
  ],
  ['review-queue', '/dashboard/review', (p) => expect(adminTable(p, 'Review queue').rows).toHaveCount(4)],
  [
    'review-metrics',
    '/dashboard/review?tab=metrics',
    (p) => expect(p.getByRole('tab', { name: 'Metrics', selected: true })).toBeVisible(),
  ],
  ['settings', '/dashboard/settings', (p) => expect(p.getByText('Spam: remove')).toBeVisible()],
  ['audit-log', '/dashboard/audit', (p) => expect(p.getByRole('heading', { name: 'Audit log' })).toBeVisible()],
  ['team', '/dashboard/team', (p) => expect(p.getByText('mod@example.com')).toBeVisible()],
];
