// A rule's precision against what moderators and appeals decided (its cases upheld or overturned),
// with the owner's target: a warning when the precision falls below it, and for an owner the field
// that sets it. Read again with the rule when its version moves (a saved target is a version too).
import { Button, Callout, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { Rule } from '../../../shared/contract/policy.js';
import { market } from '../../bridge.js';
import { runAdminAction, useAdminAction } from '../../components/admin-action/index.js';
import { useSession } from '../../stores/session-store.js';
import { precisionTargetOf, precisionText, precisionWarning } from './rules-display.js';

const percentOf = (target: number | null) => (target === null ? '' : String(Math.round(target * 100)));

export function RulePrecision({ rule, onChanged }: { rule: Rule; onChanged: (rule: Rule) => void }) {
  const isOwner = useSession((s) => s.user?.adminRole === 'owner');
  const [read, setRead] = useState<Rule | null>(null);
  const [target, setTarget] = useState(percentOf(rule.precisionTarget));
  const [error, setError] = useState<string | null>(null);
  const saving = useAdminAction();
  const load = useCallback(async () => {
    const result = await runAdminAction(() => market.admin.rules.get({ params: { id: rule.id } }), {
      failure: 'Failed to load the rule’s precision',
    });
    if (result.ok) setRead(result.data);
  }, [rule.id]);
  useEffect(() => {
    void load();
    setTarget(percentOf(rule.precisionTarget));
  }, [load, rule.version]);
  const stats = read?.stats;
  const warning = precisionWarning(stats, rule.precisionTarget);
  const save = async () => {
    const parsed = precisionTargetOf(target);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    const answer = await saving.run(
      () => market.admin.rules.update({ params: { id: rule.id }, body: { precisionTarget: parsed.target } }),
      { success: 'Precision target saved', failure: 'Failed to save the precision target' },
    );
    if (answer) onChanged(answer);
  };
  return (
    <section aria-labelledby="rule-precision-title" className="rule-section">
      <H5 id="rule-precision-title">Precision</H5>
      <dl className="rule-facts">
        <div>
          <dt>Precision</dt>
          <dd>{precisionText(stats)}</dd>
        </div>
        <div>
          <dt>Upheld</dt>
          <dd>{stats?.upheld ?? '—'}</dd>
        </div>
        <div>
          <dt>Overturned</dt>
          <dd>{stats?.overturned ?? '—'}</dd>
        </div>
        <div>
          <dt>Target</dt>
          <dd>{rule.precisionTarget === null ? 'None' : `${percentOf(rule.precisionTarget)}%`}</dd>
        </div>
      </dl>
      {warning && (
        <Callout intent="warning" compact title="Below target">
          {warning}: look at its overturned cases before it acts on more.
        </Callout>
      )}
      {isOwner && (
        <FormGroup label="Precision target (%)" labelFor="rule-precision-target" helperText={error ?? undefined}>
          <div className="rule-target-row">
            <InputGroup
              id="rule-precision-target"
              inputMode="decimal"
              value={target}
              intent={error ? 'danger' : 'none'}
              onValueChange={(value) => {
                setTarget(value);
                setError(null);
              }}
            />
            <Button loading={saving.busy} onClick={() => void save()}>
              Save target
            </Button>
          </div>
        </FormGroup>
      )}
    </section>
  );
}
