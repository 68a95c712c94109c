// Settings › Review queue: the team's macros (the owner adds, edits and removes them; everyone who
// works cases sees them) and the opt-in to auto-assignment of new cases to the least-loaded
// moderator online.
import { Button, Card, H4, HTMLTable, Switch } from '@blueprintjs/core';
import { Fragment, useEffect, useState } from 'react';
import { mayDo } from '../../../shared/contract/admin-permissions.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { useSession } from '../../stores/session-store.js';
import { reloadMacros, useMacros } from '../review/macros-store.js';
import { ENFORCEMENT_LABELS } from '../accountability/enforcement-form.js';
import { OUTCOME_LABELS } from '../review/review-display.js';
import { MacroForm } from './MacroForm.js';
import './settings.css';

export function ReviewQueueSettings() {
  const role = useSession((s) => s.user?.adminRole ?? null);
  const macros = useMacros();
  const [autoAssign, setAutoAssign] = useState<boolean | null>(null);
  const [unread, setUnread] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const acting = useAdminAction();
  const manage = mayDo(role, 'manageMacros');
  useEffect(() => {
    void reloadMacros();
    // A failed read says so beside the switch, which stays off: never a silent, disabled switch.
    void market.admin.reviewCases
      .settings()
      .then((result) => (result.ok ? setAutoAssign(result.data.autoAssign) : setUnread(result.error.message)));
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
      {unread && (
        <p className="muted" role="alert">
          Could not load the auto-assign setting: {unread}
        </p>
      )}
      {macros.length === 0 ? (
        <p className="muted">No macros yet: add the first one below.</p>
      ) : (
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
              <Fragment key={macro.id}>
                <tr>
                  <td>{macro.title}</td>
                  <td>{OUTCOME_LABELS[macro.outcome]}</td>
                  <td>{macro.enforcement ? ENFORCEMENT_LABELS[macro.enforcement.action] : '-'}</td>
                  <td>{macro.userMessage ?? '-'}</td>
                  {manage && (
                    <td className="macro-row-actions">
                      <Button
                        size="small"
                        icon="edit"
                        aria-label={`Edit macro ${macro.title}`}
                        active={editing === macro.id}
                        onClick={() => setEditing(editing === macro.id ? null : macro.id)}
                      />
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
                {manage && editing === macro.id && (
                  <tr>
                    <td colSpan={5}>
                      <MacroForm macro={macro} onDone={() => setEditing(null)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {manage && <MacroForm />}
    </Card>
  );
}
