// A macro's form in Settings › Review queue: adding one, or editing one in place (the owner only).
import { Button, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { REVIEW_OUTCOMES, type ReviewOutcome } from '../../../shared/contract/review-cases.js';
import { MACRO_ENFORCEMENTS, type Macro } from '../../../shared/contract/review-team.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { reloadMacros } from '../review/macros-store.js';
import { ENFORCEMENT_LABELS } from '../accountability/enforcement-form.js';
import { OUTCOME_LABELS } from '../review/review-display.js';
import {
  createBodyOf,
  draftOf,
  EMPTY_MACRO,
  updateBodyOf,
  type MacroDraft,
  type MacroEnforcementChoice,
} from './macro-draft.js';

export function MacroForm({ macro, onDone }: { macro?: Macro; onDone?: () => void }) {
  const [draft, setDraft] = useState<MacroDraft>(macro ? draftOf(macro) : EMPTY_MACRO);
  const set = (change: Partial<MacroDraft>) => setDraft((current) => ({ ...current, ...change }));
  const saving = useAdminAction();
  const id = (field: string) => `macro-${macro ? `edit-${field}` : field}`;
  const save = async () => {
    const saved = macro
      ? await saving.run(
          () => market.admin.macros.update({ params: { id: macro.id }, body: updateBodyOf(macro, draft) }),
          {
            success: 'Macro saved',
            failure: 'Failed to save the macro',
          },
        )
      : await saving.run(() => market.admin.macros.create({ body: createBodyOf(draft) }), {
          success: 'Macro added',
          failure: 'Failed to add the macro',
        });
    if (!saved) return;
    if (!macro) setDraft(EMPTY_MACRO);
    await reloadMacros();
    onDone?.();
  };
  return (
    <form
      className="macro-form"
      aria-label={macro ? `Edit macro ${macro.title}` : 'New macro'}
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.title.trim()) void save();
      }}
    >
      <FormGroup label="Title" labelFor={id('title')}>
        <InputGroup id={id('title')} value={draft.title} maxLength={120} onValueChange={(title) => set({ title })} />
      </FormGroup>
      <FormGroup className="macro-choice" label="Outcome" labelFor={id('outcome')} inline>
        <HTMLSelect
          id={id('outcome')}
          value={draft.outcome}
          onChange={(event) => set({ outcome: event.currentTarget.value as ReviewOutcome })}
          options={REVIEW_OUTCOMES.filter((o) => !o.startsWith('appeal')).map((value) => ({
            value,
            label: OUTCOME_LABELS[value],
          }))}
        />
      </FormGroup>
      <FormGroup className="macro-choice" label="Enforcement" labelFor={id('enforcement')} inline>
        <HTMLSelect
          id={id('enforcement')}
          value={draft.enforcement}
          onChange={(event) => set({ enforcement: event.currentTarget.value as MacroEnforcementChoice })}
          options={[
            { value: '', label: 'None' },
            ...MACRO_ENFORCEMENTS.map((value) => ({ value, label: ENFORCEMENT_LABELS[value] })),
          ]}
        />
      </FormGroup>
      {(
        [
          ['note', 'Note'],
          ['message', 'Message to the user'],
        ] as const
      ).map(([field, label]) => (
        <FormGroup key={field} label={label} labelFor={id(field)}>
          <TextArea
            id={id(field)}
            fill
            rows={2}
            maxLength={2000}
            value={draft[field]}
            onChange={(e) => set({ [field]: e.currentTarget.value })}
          />
        </FormGroup>
      ))}
      {macro ? (
        <div className="macro-form-actions">
          <Button onClick={onDone}>Cancel</Button>
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            loading={saving.busy}
            disabled={!draft.title.trim()}
          >
            Save macro
          </Button>
        </div>
      ) : (
        <Button type="submit" intent="primary" icon="add" loading={saving.busy} disabled={!draft.title.trim()}>
          Add macro
        </Button>
      )}
    </form>
  );
}
