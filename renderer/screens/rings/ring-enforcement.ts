// Ring enforcement as pure rules: which members are picked and the body sent for the enforcement
// form (the user enforcement's form, applied to many accounts). The picked members' impact is
// summed by shared/rules/enforcement-impact.ts, as the server sums a ring's.
import type { RingEnforcementAction, RingEnforcementBody } from '../../../shared/contract/rings.js';
import { RING_MEMBERS_MAX } from '../../../shared/contract/rings.js';
import { enforcementBody, type EnforcementForm } from '../accountability/enforcement-form.js';

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
