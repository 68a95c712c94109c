// "Block the ring's identifiers" as pure rules: what the one step blocks (said before it is taken,
// since the route has no preview of its own), the body it sends and the words of its outcome.
import type { BlockSeverity, RingBlockBody } from '../../../shared/contract/blocks.js';
import type { LinkKind } from '../../../shared/contract/accountability.js';
import type { Ring } from '../../../shared/contract/rings.js';
import { blockTermsOf, KIND_LABELS, refusesBidding } from '../blocks/blocks-display.js';

/**
 * The hard identifiers the server blocks for every member (server/modules/blocks/ring-blocks.ts),
 * in the words of the Blocks screen. IPs and email domains are shared by strangers: left out.
 */
export const RING_BLOCKED_KINDS = [
  KIND_LABELS.canonicalEmail,
  KIND_LABELS.phone,
  KIND_LABELS.cardFingerprint,
  KIND_LABELS.payoutAccount,
  KIND_LABELS.deviceToken,
] as const;

/** "Canonical email, phone, card fingerprint, payout account and device token", for the summary. */
export function ringBlockedKindsText(): string {
  const kinds = RING_BLOCKED_KINDS.map((kind) => kind.toLowerCase());
  return `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}`;
}

/** A link's kind as the summary names it; an address links a ring but is no identifier a block takes. */
const LINK_LABELS: Record<LinkKind, string> = {
  email: KIND_LABELS.canonicalEmail,
  phone: KIND_LABELS.phone,
  cardFingerprint: KIND_LABELS.cardFingerprint,
  payoutAccount: KIND_LABELS.payoutAccount,
  deviceToken: KIND_LABELS.deviceToken,
  address: 'Address',
};

/**
 * What links the ring's members, each kind once in the order the links give, with how many links:
 * "Card fingerprint (2 links), Address (1 link, not blocked)"; empty for a ring of one.
 */
export function ringLinksText(ring: Pick<Ring, 'links'>): string {
  const counts = new Map<LinkKind, number>();
  for (const link of ring.links) counts.set(link.kind, (counts.get(link.kind) ?? 0) + 1);
  return [...counts]
    .map(([kind, links]) => {
      const count = links === 1 ? '1 link' : `${links} links`;
      return `${LINK_LABELS[kind]} (${kind === 'address' ? `${count}, not blocked` : count})`;
    })
    .join(', ');
}

export interface RingBlockForm {
  severity: BlockSeverity;
  reason: string;
  /** A `datetime-local` value; empty: until lifted. */
  expires: string;
}

export const EMPTY_RING_BLOCK_FORM: RingBlockForm = { severity: 'trade', reason: '', expires: '' };

export function ringBlockBodyOf(
  form: RingBlockForm,
  now: Date,
): { ok: true; body: RingBlockBody } | { ok: false; message: string } {
  return blockTermsOf(form, now);
}

/** The ring's live auctions stop moving under a block that refuses bidding: the dialog asks first. */
export function ringBlockFreezes(ring: Pick<Ring, 'impact'>, severity: BlockSeverity): number {
  return refusesBidding(severity) ? ring.impact.liveAuctions : 0;
}

/** The toast after the step: how many blocks it made (an identifier already blocked keeps its block). */
export function ringBlockOutcome(created: number): string {
  if (created === 0) return 'No new block: every identifier of the ring was already blocked';
  return `Blocked ${created === 1 ? '1 identifier' : `${created} identifiers`} of the ring`;
}
