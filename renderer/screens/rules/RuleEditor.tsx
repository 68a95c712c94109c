// The rule editor (a drawer): name, event, expression with the event's context fields beside it,
// action, priority and public message. The expression is checked as it is typed (POST
// /admin/rules/validate) and the CEL error with its position shows under the field. A saved rule
// also shows its mode switch (409 backtestRequired stays on screen), its backtest and its matches.
import {
  Button,
  Callout,
  Classes,
  FormGroup,
  H5,
  HTMLSelect,
  InputGroup,
  Radio,
  RadioGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Backtest, PolicyEvent, Rule, RuleAction, RuleMode } from '../../../shared/contract/policy.js';
import { RULE_MODES } from '../../../shared/contract/policy.js';
import type { ReviewPriority } from '../../../shared/contract/review-cases.js';
import { market } from '../../bridge.js';
import { useAdminAction, useConfirmedAction, wentThrough } from '../../components/admin-action/index.js';
import { SideDrawer } from '../../components/SideDrawer.js';
import { useMayDo } from '../../stores/admin-role.js';
import { RuleBacktest } from './RuleBacktest.js';
import { RuleMatches } from './RuleMatches.js';
import { RulePrecision } from './RulePrecision.js';
import { RuleVersions } from './RuleVersions.js';
import {
  ACTION_OPTIONS,
  contextFieldsOf,
  EMPTY_RULE_FORM,
  EVENT_OPTIONS,
  MODE_EFFECTS,
  MODE_LABELS,
  PRIORITY_OPTIONS,
  ruleBodyOf,
  ruleFormOf,
  type RuleForm,
} from './rules-display.js';

/** How long typing pauses before the expression is checked: one request per pause, not per key. */
const VALIDATE_AFTER_MS = 400;

type Check = { state: 'idle' | 'checking' | 'valid' } | { state: 'invalid'; message: string };

/** Checks the expression against the event's context as the admin types. */
function useLiveValidation(event: PolicyEvent, expression: string, enabled: boolean): Check {
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  useEffect(() => {
    if (!enabled || !expression.trim()) return setCheck({ state: 'idle' });
    let stale = false;
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      void market.admin.rules
        .validate({ body: { event, expression } })
        .then((result) => {
          if (stale) return;
          if (result.ok) setCheck({ state: 'valid' });
          // A 400 is the CEL error itself; anything else says the check could not be made.
          else
            setCheck({
              state: 'invalid',
              message: result.error.status === 400 ? result.error.message : `Not checked: ${result.error.message}`,
            });
        })
        .catch((error: unknown) => {
          if (!stale) setCheck({ state: 'invalid', message: `Not checked: ${String(error)}` });
        });
    }, VALIDATE_AFTER_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [event, expression, enabled]);
  return check;
}

function ContextFields({ event }: { event: PolicyEvent }) {
  return (
    <aside aria-label="Context fields" className="rule-context">
      <H5>Fields of {event}</H5>
      <ul>
        {contextFieldsOf(event).map((field) => (
          <li key={field.path}>
            <code>{field.path}</code> <span className="rule-muted">{field.type}</span>
          </li>
        ))}
        <li>
          <code>lists.&lt;name&gt;</code> <span className="rule-muted">list of strings</span>
        </li>
      </ul>
    </aside>
  );
}

function ModeSwitch({
  rule,
  onChanged,
  mayChange,
}: {
  rule: Rule;
  onChanged: (rule: Rule) => void;
  mayChange: boolean;
}) {
  const switching = useAdminAction();
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setRefusal(null), [rule.id, rule.version]);
  const change = async (mode: RuleMode) => {
    setRefusal(null);
    const changed = await switching.run(() => market.admin.rules.update({ params: { id: rule.id }, body: { mode } }), {
      success: (saved) => `${saved.name} is now ${MODE_LABELS[saved.mode].toLowerCase()}`,
      failure: (failure) => {
        setRefusal(failure.message);
        return `Failed to switch the rule ${MODE_LABELS[mode].toLowerCase()}: ${failure.message}`;
      },
    });
    if (changed) onChanged(changed);
  };
  return (
    <section aria-labelledby="rule-mode-title" className="rule-section">
      <H5 id="rule-mode-title">Mode</H5>
      {mayChange ? (
        <RadioGroup
          aria-labelledby="rule-mode-title"
          inline
          disabled={switching.busy}
          selectedValue={rule.mode}
          onChange={(event) => void change(event.currentTarget.value as RuleMode)}
        >
          {RULE_MODES.map((mode) => (
            <Radio key={mode} value={mode} label={MODE_LABELS[mode]} />
          ))}
        </RadioGroup>
      ) : (
        <Tag minimal>{MODE_LABELS[rule.mode]}</Tag>
      )}
      <p className="rule-muted">{MODE_EFFECTS[rule.mode]}</p>
      {refusal && (
        <Callout intent="warning" compact role="alert" title="Not switched">
          {refusal}
        </Callout>
      )}
    </section>
  );
}

export function RuleEditor({
  rule,
  onClose,
  onSaved,
}: {
  /** The rule to edit; null writes a new one. */
  rule: Rule | null;
  onClose: () => void;
  /** The rule was created, changed or deleted: the list reads it again. */
  onSaved: () => void;
}) {
  const mayManage = useMayDo('manageRules');
  const [saved, setSaved] = useState<Rule | null>(rule);
  const [form, setForm] = useState<RuleForm>(rule ? ruleFormOf(rule) : EMPTY_RULE_FORM);
  const [error, setError] = useState<string | null>(null);
  const [backtest, setBacktest] = useState<Backtest | null>(null);
  const saving = useAdminAction();
  const check = useLiveValidation(form.event, form.expression, mayManage);
  const set = (patch: Partial<RuleForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const changed = (next: Rule) => {
    setSaved(next);
    onSaved();
  };
  const remove = useConfirmedAction<Rule>(
    {
      title: 'Delete this rule?',
      body: 'It stops applying on every node within 5 seconds; its matches stay.',
      cancelText: 'Keep it',
      confirmText: 'Delete rule',
    },
    async (action, target) => {
      const done = await action.run(() => wentThrough(market.admin.rules.delete({ params: { id: target.id } })), {
        success: `Rule ${target.name} deleted`,
        failure: 'Failed to delete the rule',
      });
      if (!done) return;
      onSaved();
      onClose();
    },
  );

  const save = async () => {
    const checked = ruleBodyOf(form);
    if (!checked.ok) return setError(checked.message);
    const failure = (words: string) => (refused: { message: string }) => {
      setError(refused.message);
      return `${words}: ${refused.message}`;
    };
    const answer = saved
      ? await saving.run(
          () =>
            market.admin.rules.update({
              params: { id: saved.id },
              body: { ...checked.body, publicMessage: checked.body.publicMessage ?? null },
            }),
          { success: (next) => `Rule saved (version ${next.version})`, failure: failure('Failed to save the rule') },
        )
      : await saving.run(() => market.admin.rules.create({ body: checked.body }), {
          success: (next) => `Rule ${next.name} created`,
          failure: failure('Failed to create the rule'),
        });
    if (answer) changed(answer);
  };

  const expressionHelp =
    check.state === 'invalid'
      ? check.message
      : check.state === 'valid'
        ? 'The expression is valid.'
        : check.state === 'checking'
          ? 'Checking…'
          : 'A CEL expression that is true when the rule matches.';
  return (
    <SideDrawer title={saved ? saved.name : 'New rule'} icon="code" size={820} onClose={onClose}>
      <div className={`${Classes.DRAWER_BODY} drawer-body`}>
        <div className="rule-editor">
          <div className="rule-editor-form">
            <div className="rule-form-row">
              <FormGroup label="Name" labelFor="rule-name">
                <InputGroup
                  id="rule-name"
                  value={form.name}
                  disabled={!mayManage}
                  onValueChange={(name) => set({ name })}
                  maxLength={120}
                />
              </FormGroup>
              <FormGroup label="Event" labelFor="rule-event">
                <HTMLSelect
                  id="rule-event"
                  value={form.event}
                  disabled={!mayManage}
                  onChange={(event) => set({ event: event.currentTarget.value as PolicyEvent })}
                  options={EVENT_OPTIONS}
                />
              </FormGroup>
            </div>
            <FormGroup
              label="Expression"
              labelFor="rule-expression"
              intent={check.state === 'invalid' ? 'danger' : 'none'}
              helperText={<span id="rule-expression-help">{expressionHelp}</span>}
            >
              <TextArea
                id="rule-expression"
                className="rule-expression"
                value={form.expression}
                disabled={!mayManage}
                intent={check.state === 'invalid' ? 'danger' : 'none'}
                aria-invalid={check.state === 'invalid'}
                aria-describedby="rule-expression-help"
                onChange={(event) => set({ expression: event.currentTarget.value })}
                placeholder="actor.ageDays < 3 && bid.sharesRingWithSeller"
                rows={4}
                fill
              />
            </FormGroup>
            <div className="rule-form-row">
              <FormGroup label="Action" labelFor="rule-action">
                <HTMLSelect
                  id="rule-action"
                  value={form.action}
                  disabled={!mayManage}
                  onChange={(event) => set({ action: event.currentTarget.value as RuleAction })}
                  options={ACTION_OPTIONS}
                />
              </FormGroup>
              <FormGroup label="Priority" labelFor="rule-priority">
                <HTMLSelect
                  id="rule-priority"
                  value={form.priority}
                  disabled={!mayManage}
                  onChange={(event) => set({ priority: event.currentTarget.value as ReviewPriority })}
                  options={PRIORITY_OPTIONS}
                />
              </FormGroup>
            </div>
            <FormGroup
              label="Public message"
              labelFor="rule-public-message"
              helperText="What a refused user reads when the rule blocks."
            >
              <InputGroup
                id="rule-public-message"
                value={form.publicMessage}
                disabled={!mayManage}
                onValueChange={(publicMessage) => set({ publicMessage })}
                maxLength={500}
              />
            </FormGroup>
            {error && (
              <Callout intent="danger" compact role="alert">
                {error}
              </Callout>
            )}
            {mayManage && (
              <div className="rule-editor-actions">
                {saved && (
                  <Button intent="danger" variant="minimal" icon="trash" onClick={() => remove.ask(saved)}>
                    Delete rule
                  </Button>
                )}
                <Button intent="primary" loading={saving.busy} onClick={() => void save()}>
                  {saved ? 'Save new version' : 'Create rule'}
                </Button>
              </div>
            )}
          </div>
          <ContextFields event={form.event} />
        </div>
        {saved && (
          <>
            <ModeSwitch rule={saved} onChanged={changed} mayChange={mayManage} />
            <RuleBacktest rule={saved} backtest={backtest} onBacktest={setBacktest} mayRun={mayManage} />
            <RulePrecision rule={saved} onChanged={changed} />
            <RuleMatches ruleId={saved.id} version={saved.version} />
            <RuleVersions ruleId={saved.id} version={saved.version} />
          </>
        )}
      </div>
      {remove.dialog}
    </SideDrawer>
  );
}
