// The shapes of rings (ARCHITECTURE.md, "Rings of linked accounts"): the accounts reachable from
// one account over links (shared hard identifiers), and one enforcement applied to many of them.
// The routes that answer with them are in admin-ring-routes.ts.
import { z } from 'zod';
import { storedLine } from './answer-limits.js';
import {
  ActiveEnforcement,
  ENFORCEMENT_DETAILS,
  EnforcementImpact,
  LINK_KINDS,
  checkEnforcementUntil,
} from './accountability.js';
import { id, isoDate } from './entities.js';

/** How far a ring reaches from its account, and how many accounts it holds at most. */
export const RING_HOPS_MAX = 3;
export const RING_MEMBERS_MAX = 50;
/** How long a sign-up or sign-in IP is kept. */
export const SIGN_IN_IP_DAYS = 90;

export const RingMember = z.object({
  id,
  userName: storedLine().nullable(),
  email: storedLine(),
  createdAt: isoDate,
  enforcement: ActiveEnforcement.nullable(),
});
export type RingMember = z.infer<typeof RingMember>;

/** One link between two members (`from` < `to`; two members may share several kinds). */
export const RingLink = z.object({ from: id, to: id, kind: z.enum(LINK_KINDS) });
export type RingLink = z.infer<typeof RingLink>;

/**
 * An IP two or more members signed up or signed in from in the last 90 days: a weak signal shown
 * beside the links, never a link by itself (a café, a carrier's NAT). Loopback and private
 * addresses are never recorded.
 */
export const SharedIp = z.object({
  ip: z.string().max(45),
  userIds: z.array(id).min(2).max(RING_MEMBERS_MAX),
  lastSeenAt: isoDate,
});
export type SharedIp = z.infer<typeof SharedIp>;

/** `GET /admin/users/{id}/ring`: a user with no links is a ring of one. */
export const Ring = z.object({
  /** The account asked about first, then the others by hop and id. */
  members: z.array(RingMember).min(1).max(RING_MEMBERS_MAX),
  links: z.array(RingLink).max(RING_MEMBERS_MAX * RING_MEMBERS_MAX * LINK_KINDS.length),
  /** The enforcement impact, summed over the members. */
  impact: EnforcementImpact,
  /** Cut at 3 hops or 50 accounts: more accounts are linked than shown. */
  truncated: z.boolean(),
  sharedIps: z.array(SharedIp).max(RING_MEMBERS_MAX * RING_MEMBERS_MAX),
});
export type Ring = z.infer<typeof Ring>;

/** What a ring enforcement may apply: every enforcement but lifting one. */
export const RING_ENFORCEMENTS = ['warn', 'suspendSelling', 'suspend', 'ban'] as const;
export type RingEnforcementAction = (typeof RING_ENFORCEMENTS)[number];

export const RingEnforcementBody = z
  .strictObject({
    userIds: z.array(id).min(1).max(RING_MEMBERS_MAX),
    action: z.enum(RING_ENFORCEMENTS),
    ...ENFORCEMENT_DETAILS,
  })
  .superRefine(checkEnforcementUntil);
export type RingEnforcementBody = z.infer<typeof RingEnforcementBody>;

export const RingEnforcement = z.object({ enforced: z.number().int().min(0).max(RING_MEMBERS_MAX) });
export type RingEnforcement = z.infer<typeof RingEnforcement>;
