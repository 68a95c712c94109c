// Ring enforcement as pure rules: which members are picked, the impact of the picked ones summed
// from each member's own, and the body sent for the enforcement form (the user enforcement's form,
// applied to many accounts).
import type { EnforcementImpact } from '../../../shared/contract/accountability.js';
import type { RingEnforcementAction, RingEnforcementBody } from '../../../shared/contract/rings.js';
import { RING_MEMBERS_MAX } from '../../../shared/contract/rings.js';
import { enforcementBody, type EnforcementForm } from '../accountability/enforcement-form.js';

export const NO_IMPACT: EnforcementImpact = {
  activeListings: 0,
  liveAuctions: 0,
  leadingBids: 0,
  unpaidWins: 0,
  openOrdersAsBuyer: 0,
  openOrdersAsSeller: 0,
  pendingPayoutCents: 0,
};

/** The impact of several accounts: each figure summed. */
export function sumImpacts(impacts: readonly EnforcementImpact[]): EnforcementImpact {
  const total = { ...NO_IMPACT };
  for (const impact of impacts)
    for (const key of Object.keys(total) as (keyof EnforcementImpact)[]) total[key] += impact[key];
  return total;
}

/** Picks or unpicks one member. */
export function togglePick(picked: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(picked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The picked members in the ring's order (the ring's first member is the one asked about). */
export function pickedInOrder(members: readonly { id: string }[], picked: ReadonlySet<string>): string[] {
  return members.filter((member) => picked.has(member.id)).map((member) => member.id);
}

export interface RingEnforcementForm extends EnforcementForm {
  action: RingEnforcementAction;
}

export function ringEnforcementBody(
  form: RingEnforcementForm,
  userIds: readonly string[],
  now: Date,
): { ok: true; body: RingEnforcementBody } | { ok: false; message: string } {
  if (userIds.length === 0) return { ok: false, message: 'Pick at least one account' };
  if (userIds.length > RING_MEMBERS_MAX) return { ok: false, message: `At most ${RING_MEMBERS_MAX} accounts at once` };
  const checked = enforcementBody(form, now);
  if (!checked.ok) return checked;
  return { ok: true, body: { ...checked.body, action: form.action, userIds: [...userIds] } };
}

/** "4 accounts", "1 account". */
export function accountsCount(count: number): string {
  return count === 1 ? '1 account' : `${count} accounts`;
}
