// Settings › Review queue: the team's macros (the owner adds and removes them; everyone who works
// cases sees them) and the opt-in to auto-assignment of new cases to the least-loaded moderator online.
import { Button, Card, FormGroup, H4, HTMLSelect, HTMLTable, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { REVIEW_OUTCOMES, type ReviewOutcome } from '../../../shared/contract/review-cases.js';
import { MACRO_ENFORCEMENTS, type CreateMacroBody } from '../../../shared/contract/review-team.js';
import { mayDo } from '../../../shared/contract/admin-permissions.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { useSession } from '../../stores/session-store.js';
import { reloadMacros, useMacros } from '../review/macros-store.js';
import { OUTCOME_LABELS } from '../review/review-display.js';

type MacroEnforcementChoice = (typeof MACRO_ENFORCEMENTS)[number] | '';

function NewMacro() {
  const [title, setTitle] = useState('');
  const [outcome, setOutcome] = useState<ReviewOutcome>('userWarned');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [enforcement, setEnforcement] = useState<MacroEnforcementChoice>('');
  const saving = useAdminAction();
  const save = async () => {
    const body: CreateMacroBody = {
      title: title.trim(),
      outcome,
      note: note.trim(),
      ...(message.trim() ? { userMessage: message.trim() } : {}),
      ...(enforcement ? { enforcement: { action: enforcement } } : {}),
    };
    const created = await saving.run(() => market.admin.macros.create({ body }), {
      success: 'Macro added',
      failure: 'Failed to add the macro',
    });
    if (!created) return;
    setTitle('');
    setNote('');
    setMessage('');
    await reloadMacros();
  };
  return (
    <form
      className="macro-form"
      aria-label="New macro"
      onSubmit={(event) => {
        event.preventDefault();
        if (title.trim()) void save();
      }}
    >
      <FormGroup label="Title" labelFor="macro-title">
        <InputGroup id="macro-title" value={title} maxLength={120} onValueChange={setTitle} />
      </FormGroup>
      <FormGroup label="Outcome" labelFor="macro-outcome" inline>
        <HTMLSelect
          id="macro-outcome"
          value={outcome}
          onChange={(event) => setOutcome(event.currentTarget.value as ReviewOutcome)}
          options={REVIEW_OUTCOMES.filter((o) => !o.startsWith('appeal')).map((value) => ({
            value,
            label: OUTCOME_LABELS[value],
          }))}
        />
      </FormGroup>
      <FormGroup label="Enforcement" labelFor="macro-enforcement" inline>
        <HTMLSelect
          id="macro-enforcement"
          value={enforcement}
          onChange={(event) => setEnforcement(event.currentTarget.value as MacroEnforcementChoice)}
          options={[{ value: '', label: 'None' }, ...MACRO_ENFORCEMENTS.map((value) => ({ value }))]}
        />
      </FormGroup>
      <FormGroup label="Note" labelFor="macro-note">
        <TextArea
          id="macro-note"
          fill
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Message to the user" labelFor="macro-message">
        <TextArea
          id="macro-message"
          fill
          rows={2}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
      </FormGroup>
      <Button type="submit" intent="primary" icon="add" loading={saving.busy} disabled={!title.trim()}>
        Add macro
      </Button>
    </form>
  );
}

export function ReviewQueueSettings() {
  const role = useSession((s) => s.user?.adminRole ?? null);
  const macros = useMacros();
  const [autoAssign, setAutoAssign] = useState<boolean | null>(null);
  const acting = useAdminAction();
  const manage = mayDo(role, 'manageMacros');
  useEffect(() => {
    void reloadMacros();
    void market.admin.reviewCases.settings().then((result) => result.ok && setAutoAssign(result.data.autoAssign));
  }, []);
  if (!mayDo(role, 'openReviewQueue')) return null;
  return (
    <Card className="settings-card" aria-label="Review queue settings">
      <H4>Review queue</H4>
      <Switch
        checked={autoAssign ?? false}
        disabled={autoAssign === null || !mayDo(role, 'manageReviewSettings') || acting.busy}
        label="Auto-assign new cases to the least-loaded moderator online"
        onChange={() =>
          void acting
            .run(() => market.admin.reviewCases.updateSettings({ body: { autoAssign: !autoAssign } }), {
              success: 'Setting saved',
              failure: 'Failed to save the setting',
            })
            .then((saved) => saved && setAutoAssign(saved.autoAssign))
        }
      />
      <HTMLTable compact striped aria-label="Macros">
        <thead>
          <tr>
            <th>Macro</th>
            <th>Outcome</th>
            <th>Enforcement</th>
            <th>Message</th>
            {manage && <th />}
          </tr>
        </thead>
        <tbody>
          {macros.map((macro) => (
            <tr key={macro.id}>
              <td>{macro.title}</td>
              <td>{OUTCOME_LABELS[macro.outcome]}</td>
              <td>{macro.enforcement?.action ?? '-'}</td>
              <td>{macro.userMessage ?? '-'}</td>
              {manage && (
                <td>
                  <Button
                    size="small"
                    icon="trash"
                    aria-label={`Delete macro ${macro.title}`}
                    onClick={() =>
                      void acting
                        .run(() => market.admin.macros.delete({ params: { id: macro.id } }), {
                          success: 'Macro deleted',
                          failure: 'Failed to delete the macro',
                        })
                        .then(() => reloadMacros())
                    }
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {manage && <NewMacro />}
    </Card>
  );
}
