// The pieces of an enforcement form that a user's and a ring's enforcement share: the impact
// table (what the action does to each thing counted) and the reason, details, end date and
// message fields, drawn once for EnforcementDialog.tsx and the ring's RingEnforcementDialog.tsx.
import { FormGroup, HTMLSelect, HTMLTable, InputGroup, Spinner, TextArea } from '@blueprintjs/core';
import { ENFORCEMENT_REASON_PRESETS, type EnforcementImpact } from '../../../shared/contract/accountability.js';
import type { EnforcementAction } from '../../../shared/contract/enums.js';
import { impactFigure, impactLines } from '../../../shared/rules/enforcement-impact.js';
import { type EnforcementForm, untilOf } from './enforcement-form.js';

export function ImpactTable({
  action,
  impact,
  failed,
}: {
  action: EnforcementAction;
  impact: EnforcementImpact | null;
  failed: boolean;
}) {
  if (failed) return <p className="muted">The impact could not be loaded</p>;
  if (!impact) return <Spinner size={20} aria-label="Loading impact" />;
  return (
    <HTMLTable compact className="enforcement-impact" aria-label="Impact">
      <tbody>
        {impactLines(action, impact).map((line) => (
          <tr key={line.key}>
            <th scope="row">{line.label}</th>
            <td className="num">{impactFigure(line)}</td>
            <td className="muted">{line.consequence ?? (line.count === 0 ? '' : 'Unchanged')}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function EnforcementFields({
  idPrefix,
  form,
  set,
  detailsPlaceholder,
  messageLabel,
}: {
  /** Field ids start with it ('ring-enforcement'), so two forms never share a label. */
  idPrefix: string;
  form: EnforcementForm;
  /** The fields never change the action: the dialog's own choice of actions does. */
  set: (patch: Partial<Omit<EnforcementForm, 'action'>>) => void;
  detailsPlaceholder: string;
  messageLabel: string;
}) {
  const takesUntil = untilOf(form.action);
  return (
    <>
      <FormGroup label="Reason" labelFor={`${idPrefix}-reason`}>
        <HTMLSelect
          id={`${idPrefix}-reason`}
          value={form.preset}
          onChange={(event) => set({ preset: event.currentTarget.value })}
          options={[{ value: '', label: 'Choose a reason…' }, ...ENFORCEMENT_REASON_PRESETS.map((p) => ({ value: p }))]}
        />
      </FormGroup>
      <FormGroup label="Details (internal)" labelFor={`${idPrefix}-details`}>
        <InputGroup
          id={`${idPrefix}-details`}
          value={form.details}
          onValueChange={(details) => set({ details })}
          placeholder={detailsPlaceholder}
        />
      </FormGroup>
      {takesUntil !== 'none' && (
        <FormGroup
          label={takesUntil === 'required' ? 'Until' : 'Until (empty: until lifted)'}
          labelFor={`${idPrefix}-until`}
        >
          <InputGroup
            id={`${idPrefix}-until`}
            type="datetime-local"
            value={form.until}
            onValueChange={(until) => set({ until })}
          />
        </FormGroup>
      )}
      <FormGroup label={messageLabel} labelFor={`${idPrefix}-message`}>
        <TextArea
          id={`${idPrefix}-message`}
          value={form.message}
          onChange={(event) => set({ message: event.currentTarget.value })}
          maxLength={2000}
          fill
        />
      </FormGroup>
    </>
  );
}
