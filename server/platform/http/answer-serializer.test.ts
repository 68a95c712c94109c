// Answers are written by a serializer compiled from the contract: it must write exactly what the
// contract says, and a field the contract does not name must fail a test, not vanish in production.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminRoutes } from '../../../shared/contract/admin-api.js';
import { AdminUser } from '../../../shared/contract/entities.js';
import { answerSerializerCompiler, compiledAnswerWriter } from './answer-serializer.js';

const user: AdminUser = {
  id: '7',
  userName: 'mia.novak',
  email: 'mia@market.test',
  avatar: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  stripeCustomerId: null,
  stripeUserId: 'acct_1',
  paymentFailedStrikes: 0,
  amountSpent: 12.5,
  amountSold: 0,
  sellerEnabled: true,
  pendingRequest: null,
  sellerFee: 10,
  shippingInfo: [],
  featured: false,
  countryCode: 'US',
  phoneNumber: null,
  enforcement: { action: 'suspend', reason: 'Chargebacks "and" fraud\n', until: null },
  blocked: null,
  sellerLevel: 'top',
};

const checkedWriter = (schema: z.ZodType) =>
  answerSerializerCompiler({ schema, method: 'GET', url: '/v1/admin/users/:id' });

describe('the compiled answer serializer', () => {
  it('writes an admin user exactly as the contract does (nulls, enums, quotes and newlines in text)', () => {
    expect(JSON.parse(compiledAnswerWriter(AdminUser)(user))).toEqual(AdminUser.parse(user));
    expect(JSON.parse(checkedWriter(AdminUser)(user))).toEqual(user);
  });

  it('never writes a field the contract does not name (production), and a test that sends one fails', () => {
    const leaking = { ...user, firebaseUid: 'secret-uid' };
    expect(compiledAnswerWriter(AdminUser)(leaking)).not.toContain('secret-uid');
    expect(() => checkedWriter(AdminUser)(leaking)).toThrow(/does not match the schema|schema/i);
  });

  it('refuses an answer that breaks the contract outside production (a missing field, a wrong type)', () => {
    const { email: _email, ...withoutEmail } = user;
    expect(() => checkedWriter(AdminUser)(withoutEmail)).toThrow();
    expect(() => checkedWriter(AdminUser)({ ...user, sellerFee: '10' })).toThrow();
  });

  it('writes a page of items and nested objects as the contract does', () => {
    const Page = z.object({ count: z.number().int(), countCapped: z.boolean().optional(), items: z.array(AdminUser) });
    const page = { count: 2, items: [user, { ...user, id: '8', userName: null }] };
    expect(JSON.parse(checkedWriter(Page)(page))).toEqual(page);
    expect(JSON.parse(compiledAnswerWriter(Page)({ ...page, extra: true }))).toEqual(page);
  });

  it('compiles every admin route answer of the contract', () => {
    for (const [name, route] of Object.entries(adminRoutes)) {
      if (!route.response) continue;
      expect(() => compiledAnswerWriter(route.response as z.ZodType), name).not.toThrow();
    }
  });
});
