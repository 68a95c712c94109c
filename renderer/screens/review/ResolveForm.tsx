// Choosing how a case ends: the outcome (or one of the team's macros: outcome, note, message and
// enforcement in one step), a note, and (for a case with a reporter) whether to tell them. Used by
// the case drawer and, without the reporter box and the macros, by bulk resolve.
import { Button, Checkbox, FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import { forwardRef, useState } from 'react';
import type { ReviewOutcome } from '../../../shared/contract/review-cases.js';
import type { Macro } from '../../../shared/contract/review-team.js';
import { OUTCOME_LABELS } from './review-display.js';

export interface Resolution {
  outcome?: ReviewOutcome;
  macroId?: string;
  note?: string;
  notifyReporter?: boolean;
}

export const ResolveForm = forwardRef<
  HTMLSelectElement,
  {
    outcomes: ReviewOutcome[];
    canNotify: boolean;
    busy: boolean;
    submitText: string;
    onSubmit: (resolution: Resolution) => void;
    macros?: readonly Macro[];
  }
>(function ResolveForm({ outcomes, canNotify, busy, submitText, onSubmit, macros = [] }, ref) {
  const [outcome, setOutcome] = useState<ReviewOutcome>(outcomes[0]!);
  const [macroId, setMacroId] = useState('');
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(true);
  return (
    <form
      className="review-resolve"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          ...(macroId ? { macroId } : { outcome }),
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(canNotify ? { notifyReporter: notify } : {}),
        });
      }}
    >
      {macros.length > 0 && (
        <FormGroup label="Macro" labelFor="review-macro" inline>
          <HTMLSelect
            id="review-macro"
            value={macroId}
            onChange={(event) => setMacroId(event.currentTarget.value)}
            options={[{ value: '', label: 'No macro' }, ...macros.map((m) => ({ value: m.id, label: m.title }))]}
          />
        </FormGroup>
      )}
      <FormGroup label="Outcome" labelFor="review-outcome" inline>
        <HTMLSelect
          id="review-outcome"
          ref={ref}
          value={outcome}
          disabled={macroId !== ''}
          onChange={(event) => setOutcome(event.currentTarget.value as ReviewOutcome)}
          options={outcomes.map((value) => ({ value, label: OUTCOME_LABELS[value] }))}
        />
      </FormGroup>
      <FormGroup label="Note" labelFor="review-note">
        <TextArea
          id="review-note"
          fill
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      </FormGroup>
      {canNotify && <Checkbox checked={notify} label="Tell the reporter" onChange={() => setNotify(!notify)} />}
      <Button type="submit" intent="primary" icon="tick" loading={busy}>
        {submitText}
      </Button>
    </form>
  );
});
