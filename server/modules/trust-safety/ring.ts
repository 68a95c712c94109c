// `GET /admin/users/{id}/ring`: every account reachable from one account over links, at most 3
// hops and 50 accounts, with the links between them, the IPs two of them signed in from and
// what an enforcement on all of them would touch.
//
// The ring is trust and safety's: it is how a moderator sees organised actors (shill bidders,
// giveaway farmers, ban evaders) whole, and the auction-integrity case links it. It reads the
// accounts area (links, the users, the enforcement impact) and platform (sign-in IPs), all
// below this area, so the layering lets it read everything it needs; in accounts it could
// never reach the cases that point at it.
import type { Ring, RingLink } from '../../../shared/contract/rings.js';
import { RING_HOPS_MAX, RING_MEMBERS_MAX } from '../../../shared/contract/rings.js';
import type { EnforcementImpact } from '../../../shared/contract/accountability.js';
import { NO_IMPACT, sumImpacts } from '../../../shared/rules/enforcement-impact.js';
import { sharedIpsAmong } from '../../platform/auth/sign-in-ips.js';
import type { Executor } from '../../platform/db/database.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { enforcementImpact, linksOfAccounts, loadUserSummaries, type AccountLink } from '../accounts/index.js';

/** Links read per hop at most: an identifier shared by thousands must not make one read huge. */
const LINKS_PER_HOP = 10_000;

const linkKey = (link: RingLink) => `${link.from} ${link.to} ${link.kind}`;

/** One link between two accounts, its ends in a fixed order (each link is found from both ends). */
const undirected = (link: AccountLink): RingLink =>
  link.from < link.to ? link : { from: link.to, to: link.from, kind: link.kind };

interface Walk {
  /** The members in the order they were reached: the account asked about, then hop by hop. */
  members: string[];
  links: RingLink[];
  truncated: boolean;
}

/**
 * Breadth first from `userId`: each hop reads the links of the accounts the last hop reached
 * (one statement, an index lookup per account and kind). A last read from the outermost
 * accounts finds the links among them and tells whether more lies beyond (then `truncated`).
 */
async function walkRing(db: Executor, userId: string): Promise<Walk> {
  const members = [userId];
  const reached = new Set(members);
  const links = new Map<string, RingLink>();
  let truncated = false;
  let frontier = [userId];
  for (let hop = 1; hop <= RING_HOPS_MAX + 1 && frontier.length > 0; hop++) {
    const found = await linksOfAccounts(db, frontier, LINKS_PER_HOP);
    if (found.length === LINKS_PER_HOP) truncated = true;
    const next: string[] = [];
    for (const link of found) {
      if (!reached.has(link.to)) {
        if (hop > RING_HOPS_MAX || members.length >= RING_MEMBERS_MAX) {
          truncated = true;
          continue;
        }
        reached.add(link.to);
        members.push(link.to);
        next.push(link.to);
      }
      const ring = undirected(link);
      links.set(linkKey(ring), ring);
    }
    frontier = next;
  }
  return { members, links: [...links.values()], truncated };
}

/** A member gone (unknown, or deleted while the ring was read) touches nothing. */
const noneIfGone = (error: unknown): EnforcementImpact => {
  if (error instanceof HttpError && error.statusCode === 404) return NO_IMPACT;
  throw error;
};

/** The enforcement impact of each member (accounts' own count), summed. */
async function summedImpact(db: Executor, userIds: readonly string[]): Promise<EnforcementImpact> {
  return sumImpacts(await Promise.all(userIds.map((id) => enforcementImpact(db, id).catch(noneIfGone))));
}

export async function ringOf(db: Executor, userId: string): Promise<Ring> {
  // An unknown or deleted account is itself alone after the walk, and not among the users read: 404.
  const walk = await walkRing(db, userId);
  const [users, impact, sharedIps] = await Promise.all([
    loadUserSummaries(db, walk.members),
    summedImpact(db, walk.members),
    sharedIpsAmong(db, walk.members),
  ]);
  const byId = new Map(users.map((user) => [user.id, user]));
  if (!byId.has(userId)) throw notFound('User');
  // A member deleted while the ring was read is left out, with its links.
  const members = walk.members.flatMap((id) => {
    const user = byId.get(id);
    return user ? [user] : [];
  });
  const links = walk.links
    .filter((link) => byId.has(link.from) && byId.has(link.to))
    .sort((a, b) => linkKey(a).localeCompare(linkKey(b)));
  return { members, links, impact, truncated: walk.truncated, sharedIps };
}
