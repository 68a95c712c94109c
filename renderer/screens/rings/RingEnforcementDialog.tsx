// One enforcement on a whole ring or the members picked in it: warn, suspend selling, suspend
// (until a date) or ban. The summed impact of those accounts is shown first; "Review" then lists
// who is hit and why, and only "Confirm" applies it (one transaction on the server: all or none).
import { Button, Callout, Dialog, DialogBody, DialogFooter, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { EnforcementImpact } from '../../../shared/contract/accountability.js';
import {
  RING_ENFORCEMENTS,
  type RingEnforcementAction,
  type RingEnforcementBody,
  type RingMember,
} from '../../../shared/contract/rings.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { memberLabel } from '../../components/ring-graph/index.js';
import { ENFORCEMENT_LABELS } from '../accountability/enforcement-form.js';
import { EnforcementFields, ImpactTable } from '../accountability/EnforcementFields.js';
import { sumImpacts } from '../../../shared/rules/enforcement-impact.js';
import { accountsCount, ringEnforcementBody, type RingEnforcementForm } from './ring-enforcement.js';

/** The impact of the picked members: the ring's own sum when all are picked, else each one's summed. */
function usePickedImpact(
  isOpen: boolean,
  members: readonly RingMember[],
  ringImpact: EnforcementImpact,
  whole: boolean,
) {
  const [impact, setImpact] = useState<EnforcementImpact | null>(null);
  const [failed, setFailed] = useState(false);
  const ids = members.map((member) => member.id).join();
  useEffect(() => {
    if (!isOpen) return;
    setFailed(false);
    if (whole) return setImpact(ringImpact);
    setImpact(null);
    let live = true;
    void Promise.all(members.map((member) => market.admin.users.enforcementImpact({ params: { id: member.id } }))).then(
      (results) => {
        if (!live) return;
        const impacts = results.flatMap((result) => (result.ok ? [result.data] : []));
        if (impacts.length < results.length) setFailed(true);
        else setImpact(sumImpacts(impacts));
      },
    );
    return () => {
      live = false;
    };
  }, [isOpen, ids, whole, ringImpact]);
  return { impact, failed };
}

export function RingEnforcementDialog({
  members,
  ringImpact,
  whole,
  isOpen,
  onClose,
  onEnforced,
}: {
  /** The members it applies to. */
  members: readonly RingMember[];
  ringImpact: EnforcementImpact;
  /** Every member of the ring is picked: the ring's summed impact is theirs. */
  whole: boolean;
  isOpen: boolean;
  onClose: () => void;
  onEnforced: (enforced: number) => void;
}) {
  const [form, setForm] = useState<RingEnforcementForm>({
    action: 'suspendSelling',
    preset: 'Shill bidding',
    details: '',
    message: '',
    until: '',
  });
  const [review, setReview] = useState<RingEnforcementBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  const applying = useAdminAction();
  const { impact, failed } = usePickedImpact(isOpen, members, ringImpact, whole);
  useEffect(() => {
    if (isOpen) {
      setReview(null);
      setError(null);
    }
  }, [isOpen]);

  const set = (patch: Partial<RingEnforcementForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const toReview = () => {
    const checked = ringEnforcementBody(
      form,
      members.map((member) => member.id),
      new Date(),
    );
    if (!checked.ok) return setError(checked.message);
    setReview(checked.body);
  };
  const label = ENFORCEMENT_LABELS[form.action];
  const confirm = async () => {
    if (!review) return;
    const done = await applying.run(() => market.admin.rings.enforce({ body: review }), {
      success: (result) => `${label}: applied to ${accountsCount(result.enforced)}`,
      failure: `Failed to apply ${label.toLowerCase()} to the ring`,
    });
    if (!done) return;
    onEnforced(done.enforced);
    onClose();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={`Enforce on the ring: ${accountsCount(members.length)}`}
      style={{ width: 640 }}
    >
      <DialogBody>
        <p className="ring-enforce-who" aria-label="Accounts">
          {members.map((member) => (
            <Tag key={member.id} minimal className="ring-enforce-member">
              {memberLabel(member)}
            </Tag>
          ))}
        </p>
        {!review && (
          <RadioGroup
            label="Action"
            inline
            selectedValue={form.action}
            onChange={(event) => set({ action: event.currentTarget.value as RingEnforcementAction })}
          >
            {RING_ENFORCEMENTS.map((action) => (
              <Radio key={action} value={action} label={ENFORCEMENT_LABELS[action]} />
            ))}
          </RadioGroup>
        )}
        <h4 className="enforcement-impact-title">Impact on {accountsCount(members.length)}</h4>
        <ImpactTable action={form.action} impact={impact} failed={failed} />
        {review ? (
          <Callout
            intent={form.action === 'warn' ? 'primary' : 'warning'}
            title={`${label}: ${accountsCount(review.userIds.length)}`}
          >
            <p>Reason: {review.reason}</p>
            {review.until && <p>Until {new Date(review.until).toLocaleString()}</p>}
            {review.message && <p>Message: {review.message}</p>}
            <p>All of them or none: if one cannot be enforced on, nothing is applied.</p>
          </Callout>
        ) : (
          <EnforcementFields
            idPrefix="ring-enforcement"
            form={form}
            set={set}
            detailsPlaceholder="What the ring did, in your words"
            messageLabel="Message to each account (optional)"
          />
        )}
        {error && (
          <Callout intent="danger" compact>
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          review ? (
            <>
              <Button onClick={() => setReview(null)} disabled={applying.busy}>
                Back
              </Button>
              <Button
                intent={form.action === 'warn' ? 'primary' : 'danger'}
                loading={applying.busy}
                onClick={() => void confirm()}
              >
                Confirm {label.toLowerCase()}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose}>Cancel</Button>
              <Button intent="primary" disabled={!impact} onClick={toReview}>
                Review
              </Button>
            </>
          )
        }
      />
    </Dialog>
  );
}
