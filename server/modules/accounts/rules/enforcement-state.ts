// What an enforcement does to a user's account state: the two instants the API compares with
// now() (a suspension and a selling suspension end by themselves), or why it is refused.
import type { EnforcementAction } from '../../../../shared/contract/enums.js';

/** An instant the restriction lasts until: a date, `forever` (a ban, selling off until lifted) or none. */
export type Until = Date | 'forever' | null;

export interface AccountRestrictions {
  suspendedUntil: Until;
  sellingSuspendedUntil: Until;
}

export type EnforcementOutcome =
  { ok: true; next: AccountRestrictions } | { ok: false; status: 400 | 409; message: string };

const inEffect = (until: Until, now: Date): boolean =>
  until === 'forever' || (until !== null && until.getTime() > now.getTime());

/** The account state after `action`, judged at `now`. */
export function enforcementOutcome(
  current: AccountRestrictions,
  action: EnforcementAction,
  until: Date | null,
  now: Date,
): EnforcementOutcome {
  if (until !== null && until.getTime() <= now.getTime()) {
    return { ok: false, status: 400, message: 'until must be in the future' };
  }
  const live: AccountRestrictions = {
    suspendedUntil: inEffect(current.suspendedUntil, now) ? current.suspendedUntil : null,
    sellingSuspendedUntil: inEffect(current.sellingSuspendedUntil, now) ? current.sellingSuspendedUntil : null,
  };
  switch (action) {
    case 'warn':
      return { ok: true, next: live };
    case 'suspendSelling':
      return { ok: true, next: { ...live, sellingSuspendedUntil: until ?? 'forever' } };
    case 'suspend':
      if (until === null) return { ok: false, status: 400, message: 'a suspension needs an end date (until)' };
      return { ok: true, next: { ...live, suspendedUntil: until } };
    case 'ban':
      return { ok: true, next: { ...live, suspendedUntil: 'forever' } };
    case 'lift':
      if (live.suspendedUntil === null && live.sellingSuspendedUntil === null) {
        return { ok: false, status: 409, message: 'Nothing to lift: no enforcement is in effect on this user' };
      }
      return { ok: true, next: { suspendedUntil: null, sellingSuspendedUntil: null } };
  }
}

/** The notification the user receives for each enforcement. */
export function enforcementNotice(action: EnforcementAction, until: Date | null): string {
  const end = until ? ` until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
  switch (action) {
    case 'warn':
      return 'You received a warning from the marketplace team';
    case 'suspendSelling':
      return `Selling is suspended on your account${end}`;
    case 'suspend':
      return `Your account is suspended${end}`;
    case 'ban':
      return 'Your account is banned';
    case 'lift':
      return 'The restrictions on your account were lifted';
  }
}

/** The audit log's action name for each enforcement. */
export const ENFORCEMENT_AUDIT_ACTIONS: Record<EnforcementAction, string> = {
  warn: 'warnUser',
  suspendSelling: 'suspendSelling',
  suspend: 'suspendUser',
  ban: 'banUser',
  lift: 'liftEnforcement',
};
