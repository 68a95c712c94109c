// The admin routes of rings (ARCHITECTURE.md, "Rings of linked accounts"), spread into the admin
// route table: a user's ring, and one enforcement on many of its members.
import { z } from 'zod';
import { id } from './entities.js';
import { Ring, RingEnforcement, RingEnforcementBody } from './rings.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });

export const adminRingRoutes = {
  'users.ring': {
    description:
      'The ring of a user: every account reachable over shared identifiers (address, phone, card, payout account, device, canonical email), at most 3 hops and 50 accounts, with their links, shared sign-in IPs and summed enforcement impact.',
    method: 'GET',
    path: '/admin/users/:id/ring',
    params: byId,
    response: Ring,
  },
  'rings.enforce': {
    description:
      'Applies one enforcement (warn, suspend selling, suspend, ban) to many accounts in one transaction: all of them or none, an audit entry and a notification each.',
    method: 'POST',
    path: '/admin/rings/enforcement',
    body: RingEnforcementBody,
    // A user the body names may not exist.
    errors: [404],
    response: RingEnforcement,
  },
} as const satisfies Record<string, RouteDef>;
