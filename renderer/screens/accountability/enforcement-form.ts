// The enforcement dialog's form as a pure function: what it sends for the chosen action, preset,
// free text, message and end date, or why it cannot send yet.
import type { EnforcementBody } from '../../../shared/contract/accountability.js';
import type { EnforcementAction } from '../../../shared/contract/enums.js';

export const ENFORCEMENT_LABELS: Record<EnforcementAction, string> = {
  warn: 'Warn',
  suspendSelling: 'Suspend selling',
  suspend: 'Suspend',
  ban: 'Ban',
  lift: 'Lift',
};

export interface EnforcementForm {
  action: EnforcementAction;
  preset: string;
  details: string;
  message: string;
  /** `YYYY-MM-DDTHH:mm` from a datetime-local input (local time), or ''. */
  until: string;
}

/** Which actions take an end date: required for a suspension, optional for selling. */
export function untilOf(action: EnforcementAction): 'required' | 'optional' | 'none' {
  if (action === 'suspend') return 'required';
  return action === 'suspendSelling' ? 'optional' : 'none';
}

export function enforcementBody(
  form: EnforcementForm,
  now: Date,
): { ok: true; body: EnforcementBody } | { ok: false; message: string } {
  if (!form.preset) return { ok: false, message: 'Choose a reason' };
  const details = form.details.trim();
  const reason = details ? `${form.preset}: ${details}` : form.preset;
  if (reason.length > 500) return { ok: false, message: 'The reason is too long' };
  const takes = untilOf(form.action);
  let until: string | undefined;
  if (takes !== 'none' && form.until) {
    const date = new Date(form.until);
    if (Number.isNaN(date.getTime())) return { ok: false, message: 'The end date is not a date' };
    if (date.getTime() <= now.getTime()) return { ok: false, message: 'The end date must be in the future' };
    until = date.toISOString();
  }
  if (takes === 'required' && !until) return { ok: false, message: 'A suspension needs an end date' };
  const message = form.message.trim();
  return {
    ok: true,
    body: { action: form.action, reason, ...(message ? { message } : {}), ...(until ? { until } : {}) },
  };
}
