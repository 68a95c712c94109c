// Choosing how a case ends: the outcome, a note, and (for a case with a reporter) whether to tell
// them. Used by the case drawer and, without the reporter box, by bulk resolve.
import { Button, Checkbox, FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import { forwardRef, useState } from 'react';
import type { ReviewOutcome } from '../../../shared/contract/review-cases.js';
import { OUTCOME_LABELS } from './review-display.js';

export interface Resolution {
  outcome: ReviewOutcome;
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
  }
>(function ResolveForm({ outcomes, canNotify, busy, submitText, onSubmit }, ref) {
  const [outcome, setOutcome] = useState<ReviewOutcome>(outcomes[0]!);
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(true);
  return (
    <form
      className="review-resolve"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          outcome,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(canNotify ? { notifyReporter: notify } : {}),
        });
      }}
    >
      <FormGroup label="Outcome" labelFor="review-outcome" inline>
        <HTMLSelect
          id="review-outcome"
          ref={ref}
          value={outcome}
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
