// Warn, suspend selling, suspend until a date, ban or lift: the dialog loads the impact first and
// says what happens to each thing counted, then applies the enforcement with its reason.
import { Button, Callout, Dialog, DialogBody, DialogFooter, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { ENFORCEMENT_ACTIONS, type EnforcementImpact } from '../../../shared/contract/accountability.js';
import type { AdminUser } from '../../../shared/contract/entities.js';
import type { EnforcementAction } from '../../../shared/contract/enums.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { ENFORCEMENT_LABELS, enforcementBody, type EnforcementForm } from './enforcement-form.js';
import { EnforcementFields, ImpactTable } from './EnforcementFields.js';

export function EnforcementDialog({
  user,
  isOpen,
  onClose,
  onApplied,
}: {
  user: AdminUser;
  isOpen: boolean;
  onClose: () => void;
  onApplied: (user: AdminUser) => void;
}) {
  const [impact, setImpact] = useState<EnforcementImpact | null>(null);
  const [impactFailed, setImpactFailed] = useState(false);
  const [form, setForm] = useState<EnforcementForm>({
    action: 'warn',
    preset: '',
    details: '',
    message: '',
    until: '',
  });
  // The form's own refusals (no end date, no reason) stay in the dialog; the server's go through
  // the one admin-action hook (busy state, success toast, failure toast with the server's message).
  const [error, setError] = useState<string | null>(null);
  const enforcing = useAdminAction();

  useEffect(() => {
    if (!isOpen) return;
    setImpact(null);
    setImpactFailed(false);
    setError(null);
    void market.admin.users.enforcementImpact({ params: { id: user.id } }).then((result) => {
      if (result.ok) setImpact(result.data);
      else setImpactFailed(true);
    });
  }, [isOpen, user.id]);

  const set = (patch: Partial<EnforcementForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const apply = async () => {
    const checked = enforcementBody(form, new Date());
    if (!checked.ok) return setError(checked.message);
    const label = ENFORCEMENT_LABELS[form.action];
    const enforced = await enforcing.run(
      () => market.admin.users.enforce({ params: { id: user.id }, body: checked.body }),
      { success: `${label}: applied`, failure: `Failed to apply ${label.toLowerCase()}` },
    );
    if (!enforced) return;
    onApplied(enforced);
    onClose();
  };
  const actions = ENFORCEMENT_ACTIONS.filter((action) => action !== 'lift' || user.enforcement !== null);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={`Enforcement: ${user.userName ?? user.email}`}
      style={{ width: 640 }}
    >
      <DialogBody>
        {user.enforcement && (
          <Callout intent="danger" compact className="enforcement-current">
            In effect: {ENFORCEMENT_LABELS[user.enforcement.action]} — {user.enforcement.reason}
            {user.enforcement.until ? ` (until ${new Date(user.enforcement.until).toLocaleString()})` : ''}
          </Callout>
        )}
        <RadioGroup
          label="Action"
          inline
          selectedValue={form.action}
          onChange={(event) => set({ action: event.currentTarget.value as EnforcementAction })}
        >
          {actions.map((action) => (
            <Radio key={action} value={action} label={ENFORCEMENT_LABELS[action]} />
          ))}
        </RadioGroup>
        <h4 className="enforcement-impact-title">Impact</h4>
        <ImpactTable action={form.action} impact={impact} failed={impactFailed} />
        <EnforcementFields
          idPrefix="enforcement"
          form={form}
          set={set}
          detailsPlaceholder="What happened, in your words"
          messageLabel="Message to the user (optional)"
        />
        {error && (
          <Callout intent="danger" compact>
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              intent={form.action === 'warn' || form.action === 'lift' ? 'primary' : 'danger'}
              loading={enforcing.busy}
              disabled={!impact}
              onClick={() => void apply()}
            >
              Apply {ENFORCEMENT_LABELS[form.action].toLowerCase()}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
