// Warn, suspend selling, suspend until a date, ban or lift: the dialog loads the impact first and
// says what happens to each thing counted, then applies the enforcement with its reason.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Radio,
  RadioGroup,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  ENFORCEMENT_ACTIONS,
  ENFORCEMENT_REASON_PRESETS,
  type EnforcementImpact,
} from '../../../shared/contract/accountability.js';
import type { AdminUser } from '../../../shared/contract/entities.js';
import type { EnforcementAction } from '../../../shared/contract/enums.js';
import { impactFigure, impactLines } from '../../../shared/rules/enforcement-impact.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { ENFORCEMENT_LABELS, enforcementBody, type EnforcementForm, untilOf } from './enforcement-form.js';

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
  const takesUntil = untilOf(form.action);
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
        {impactFailed && <p className="muted">The impact could not be loaded</p>}
        {!impact && !impactFailed && <Spinner size={20} aria-label="Loading impact" />}
        {impact && (
          <HTMLTable compact className="enforcement-impact" aria-label="Impact">
            <tbody>
              {impactLines(form.action, impact).map((line) => (
                <tr key={line.key}>
                  <th scope="row">{line.label}</th>
                  <td className="num">{impactFigure(line)}</td>
                  <td className="muted">{line.consequence ?? (line.count === 0 ? '' : 'Unchanged')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <FormGroup label="Reason" labelFor="enforcement-reason">
          <HTMLSelect
            id="enforcement-reason"
            value={form.preset}
            onChange={(event) => set({ preset: event.currentTarget.value })}
            options={[
              { value: '', label: 'Choose a reason…' },
              ...ENFORCEMENT_REASON_PRESETS.map((p) => ({ value: p })),
            ]}
          />
        </FormGroup>
        <FormGroup label="Details (internal)" labelFor="enforcement-details">
          <InputGroup
            id="enforcement-details"
            value={form.details}
            onValueChange={(details) => set({ details })}
            placeholder="What happened, in your words"
          />
        </FormGroup>
        {takesUntil !== 'none' && (
          <FormGroup
            label={takesUntil === 'required' ? 'Until' : 'Until (empty: until lifted)'}
            labelFor="enforcement-until"
          >
            <InputGroup
              id="enforcement-until"
              type="datetime-local"
              value={form.until}
              onValueChange={(until) => set({ until })}
            />
          </FormGroup>
        )}
        <FormGroup label="Message to the user (optional)" labelFor="enforcement-message">
          <TextArea
            id="enforcement-message"
            value={form.message}
            onChange={(event) => set({ message: event.currentTarget.value })}
            maxLength={2000}
            fill
          />
        </FormGroup>
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
