// How the Blocks screen names kinds and severities, checks the block dialog's form before it is
// sent, and words a preview. Pure, so the dialog's rules are table-tested without a page.
import {
  BLOCK_KINDS,
  BLOCK_SEVERITIES,
  type BlockBody,
  type BlockKind,
  type BlockPreview,
  type BlockSeverity,
} from '../../../shared/contract/blocks.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { formatCount } from '../../components/format.js';

export const KIND_LABELS: Record<BlockKind, string> = {
  emailDomain: 'Email domain',
  canonicalEmail: 'Canonical email',
  ipRange: 'IP range',
  deviceToken: 'Device token',
  cardFingerprint: 'Card fingerprint',
  payoutAccount: 'Payout account',
  phone: 'Phone',
};

/** What the value field expects, so an operator types the form the server accepts. */
export const KIND_PLACEHOLDERS: Record<BlockKind, string> = {
  emailDomain: 'mailinator.com (subdomains included)',
  canonicalEmail: 'jane.doe@gmail.com',
  ipRange: '203.0.113.0/24 or 2001:db8::/32',
  deviceToken: 'The device token',
  cardFingerprint: 'The card fingerprint',
  payoutAccount: 'The payout account id',
  phone: '+15551234567',
};

export const SEVERITY_LABELS: Record<BlockSeverity, string> = {
  review: 'Review',
  signUp: 'Sign-up',
  trade: 'Trade',
  noAccess: 'No access',
};

/** What each severity refuses, in the dialog beside the choice (DECISIONS.md, "Blocks"). */
export const SEVERITY_EFFECTS: Record<BlockSeverity, string> = {
  review: 'Refuses nothing: the next sign-up, listing, bid or order opens a review case.',
  signUp: 'Refuses registration.',
  trade: 'Refuses registration, listing, bidding, offers, giveaway entries and orders.',
  noAccess: 'Refuses every signed-in market route.',
};

export const KIND_OPTIONS = BLOCK_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
export const SEVERITY_OPTIONS = BLOCK_SEVERITIES.map((severity) => ({
  value: severity,
  label: SEVERITY_LABELS[severity],
}));

export interface BlockForm {
  kind: BlockKind;
  value: string;
  severity: BlockSeverity;
  reason: string;
  /** A `datetime-local` value; empty: until lifted. */
  expires: string;
}

export const EMPTY_BLOCK_FORM: BlockForm = {
  kind: 'emailDomain',
  value: '',
  severity: 'trade',
  reason: '',
  expires: '',
};

export type CheckedBlock = { ok: true; body: BlockBody } | { ok: false; message: string };

/** The form as the body POST /admin/blocks takes, or what to fix first. The server checks the value itself. */
export function blockBodyOf(form: BlockForm, now: Date): CheckedBlock {
  const value = form.value.trim();
  if (!value) return { ok: false, message: `Enter the ${KIND_LABELS[form.kind].toLowerCase()} to block` };
  const terms = blockTermsOf(form, now);
  if (!terms.ok) return terms;
  return { ok: true, body: { kind: form.kind, value, ...terms.body } };
}

/** The terms every block takes, one identifier or a whole ring's: severity, reason, expiry. */
export type BlockTerms = Pick<BlockBody, 'severity' | 'reason' | 'expiresAt'>;

/** The severity, reason and optional expiry of the form, checked; an empty expiry is left out. */
export function blockTermsOf(
  form: Pick<BlockForm, 'severity' | 'reason' | 'expires'>,
  now: Date,
): { ok: true; body: BlockTerms } | { ok: false; message: string } {
  const reason = form.reason.trim();
  if (!reason) return { ok: false, message: 'Give a reason for the block' };
  let expiresAt: string | undefined;
  if (form.expires) {
    const date = new Date(form.expires);
    if (Number.isNaN(date.getTime())) return { ok: false, message: 'The expiry is not a date' };
    if (date.getTime() <= now.getTime()) return { ok: false, message: 'The expiry must be in the future' };
    expiresAt = date.toISOString();
  }
  return { ok: true, body: { severity: form.severity, reason, ...(expiresAt ? { expiresAt } : {}) } };
}

/** The severities that refuse bidding, so the auctions a matched account leads stop moving. */
const REFUSES_BIDDING: ReadonlySet<BlockSeverity> = new Set(['trade', 'noAccess']);

export function refusesBidding(severity: BlockSeverity): boolean {
  return REFUSES_BIDDING.has(severity);
}

/** A block on these accounts would freeze auctions they lead: the dialog asks before saving. */
export function freezesLiveAuctions(preview: BlockPreview | null, severity: BlockSeverity): boolean {
  return preview !== null && refusesBidding(severity) && preview.liveAuctionsLed > 0;
}

/** The preview's lines, in the order the dialog lists them. */
export function previewFacts(preview: BlockPreview): { label: string; value: string }[] {
  return [
    { label: 'Accounts matched', value: formatCount(preview.accounts) },
    { label: 'Active listings', value: formatCount(preview.activeListings) },
    { label: 'Live auctions led', value: formatCount(preview.liveAuctionsLed) },
    { label: 'Leading bids', value: formatCount(preview.leadingBids) },
    { label: 'Open orders', value: formatCount(preview.openOrders) },
    { label: 'Pending payouts', value: formatUsd(preview.pendingPayoutCents / 100) },
  ];
}
