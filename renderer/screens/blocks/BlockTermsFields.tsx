// The terms every block is made with, whether one identifier (the Blocks screen's dialog) or all
// of a ring's (the ring view's dialog): its severity with what it refuses, why, and until when.
// `idPrefix` keeps each dialog's field ids its own.
import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { BlockSeverity } from '../../../shared/contract/blocks.js';
import { SEVERITY_EFFECTS, SEVERITY_OPTIONS } from './blocks-display.js';

interface BlockTerms {
  severity: BlockSeverity;
  reason: string;
  /** A `datetime-local` value; empty: until lifted. */
  expires: string;
}

export function SeverityField({
  idPrefix,
  severity,
  onChange,
}: {
  idPrefix: string;
  severity: BlockSeverity;
  onChange: (patch: Pick<BlockTerms, 'severity'>) => void;
}) {
  return (
    <FormGroup label="Severity" labelFor={`${idPrefix}-severity`} helperText={SEVERITY_EFFECTS[severity]}>
      <HTMLSelect
        id={`${idPrefix}-severity`}
        value={severity}
        onChange={(event) => onChange({ severity: event.currentTarget.value as BlockSeverity })}
        options={SEVERITY_OPTIONS}
      />
    </FormGroup>
  );
}

export function ReasonAndExpiryFields({
  idPrefix,
  terms,
  onChange,
}: {
  idPrefix: string;
  terms: Pick<BlockTerms, 'reason' | 'expires'>;
  onChange: (patch: Partial<Pick<BlockTerms, 'reason' | 'expires'>>) => void;
}) {
  return (
    <>
      <FormGroup label="Reason" labelFor={`${idPrefix}-reason`}>
        <InputGroup
          id={`${idPrefix}-reason`}
          value={terms.reason}
          onValueChange={(reason) => onChange({ reason })}
          placeholder="Why, for the next admin who reads it"
          maxLength={500}
        />
      </FormGroup>
      <FormGroup label="Expires (empty: until lifted)" labelFor={`${idPrefix}-expires`}>
        <InputGroup
          id={`${idPrefix}-expires`}
          type="datetime-local"
          value={terms.expires}
          onValueChange={(expires) => onChange({ expires })}
        />
      </FormGroup>
    </>
  );
}
