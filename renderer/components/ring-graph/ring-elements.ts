// A ring of linked accounts as the graph draws it: one node per member (named by user name, the
// account in focus and the enforced ones told apart), and one edge per linked pair carrying every
// kind of link they share, so two accounts that share a phone and an address get one labelled line
// rather than two lines drawn on top of each other.
import type { LinkKind } from '../../../shared/contract/accountability.js';
import type { LastingEnforcement } from '../../../shared/contract/enums.js';

/** The hard identifiers that link two accounts, in the words the screens use (the graph, a user's picture). */
export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  address: 'address',
  phone: 'phone',
  cardFingerprint: 'card',
  payoutAccount: 'payout account',
  deviceToken: 'device',
  email: 'email',
};
export type RingLinkKind = LinkKind;

/** What the graph needs of a ring member (the ring answer's member is wider). */
export interface RingGraphMember {
  id: string;
  userName: string | null;
  email: string;
  enforcement: { action: LastingEnforcement } | null;
}
export interface RingGraphLink {
  from: string;
  to: string;
  kind: RingLinkKind;
}

/** How a node is marked: the enforcement in effect, or none. */
export type NodeStanding = LastingEnforcement | 'none';

export interface RingNode {
  data: { id: string; label: string; standing: NodeStanding; focus: boolean };
}
export interface RingEdge {
  data: { id: string; source: string; target: string; label: string; kinds: RingLinkKind[] };
}

/** A member's name on the graph and in the table: the user name, else the email. */
export function memberLabel(member: Pick<RingGraphMember, 'userName' | 'email'>): string {
  return member.userName ?? member.email;
}

export function ringElements(
  members: readonly RingGraphMember[],
  links: readonly RingGraphLink[],
  focusId: string | null,
): { nodes: RingNode[]; edges: RingEdge[] } {
  const known = new Set(members.map((member) => member.id));
  const nodes = members.map((member) => ({
    data: {
      id: member.id,
      label: memberLabel(member),
      standing: member.enforcement?.action ?? ('none' as const),
      focus: member.id === focusId,
    },
  }));
  const pairs = new Map<string, { source: string; target: string; kinds: Set<RingLinkKind> }>();
  for (const link of links) {
    // A truncated ring may name an account it cut off: an edge needs both ends drawn.
    if (link.from === link.to || !known.has(link.from) || !known.has(link.to)) continue;
    const [source, target] = link.from < link.to ? [link.from, link.to] : [link.to, link.from];
    const key = `${source}~${target}`;
    const pair = pairs.get(key) ?? { source, target, kinds: new Set<RingLinkKind>() };
    pair.kinds.add(link.kind);
    pairs.set(key, pair);
  }
  const order = Object.keys(LINK_KIND_LABELS) as RingLinkKind[];
  const edges = [...pairs.entries()].map(([id, pair]) => {
    const kinds = order.filter((kind) => pair.kinds.has(kind));
    return {
      data: {
        id,
        source: pair.source,
        target: pair.target,
        kinds,
        label: kinds.map((kind) => LINK_KIND_LABELS[kind]).join(', '),
      },
    };
  });
  return { nodes, edges };
}

/** The legend: each standing the ring actually has, in a fixed order, with its words. */
export const STANDING_LABELS: Record<NodeStanding, string> = {
  none: 'No enforcement',
  suspendSelling: 'Selling suspended',
  suspend: 'Suspended',
  ban: 'Banned',
};

export function standingsShown(members: readonly RingGraphMember[]): NodeStanding[] {
  const present = new Set<NodeStanding>(members.map((member) => member.enforcement?.action ?? 'none'));
  return (Object.keys(STANDING_LABELS) as NodeStanding[]).filter((standing) => present.has(standing));
}
