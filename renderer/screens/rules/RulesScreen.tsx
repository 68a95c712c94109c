// Rules (/dashboard/rules; owner and moderator write, support reads): the policy rules with their
// event, action, mode, version, matches of the last 7 days and precision; a row opens the rule
// editor, "New rule" a blank one; `/dashboard/rules/{id}` opens that rule's editor (the audit log
// links the rule that acted there). The Lists tab holds the named lists the rules read.
import { Button, H3, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Rule } from '../../../shared/contract/policy.js';
import { toastError } from '../../app/toaster.js';
import { market } from '../../bridge.js';
import { DataTable, type DataColumn } from '../../components/data-table/DataTable.js';
import { createListStore } from '../../stores/list-store.js';
import { useMayDo } from '../../stores/admin-role.js';
import { PolicyListsPanel } from './PolicyListsPanel.js';
import { RuleEditor } from './RuleEditor.js';
import { ACTION_LABELS, EVENT_LABELS, MODE_LABELS, precisionText } from './rules-display.js';
import './rules.css';

type SortKey = 'updatedAt' | 'name';

/**
 * The list answers rules without their stats (GET of one rule adds them); a page holds few rules,
 * so each row's stats are read beside it. A rule whose stats did not come shows dashes.
 */
const rules = createListStore<Rule, SortKey>(async (query, signal) => {
  const page = await market.admin.rules.list({ query }, { signal });
  if (!page.ok) return page;
  const withStats = await Promise.all(
    page.data.items.map(async (rule) => {
      const one = await market.admin.rules.get({ params: { id: rule.id } }, { signal });
      return one.ok ? one.data : rule;
    }),
  );
  return { ok: true, data: { count: page.data.count, items: withStats } };
});

const MODE_INTENTS = { off: 'none', shadow: 'primary', on: 'warning' } as const;

function RulesPanel() {
  const mayManage = useMayDo('manageRules');
  /** The rule in the editor: a saved one, or `null` for a new rule. */
  const [open, setOpen] = useState<{ rule: Rule | null } | null>(null);
  const { ruleId } = useParams();
  const navigate = useNavigate();
  // A rule's route opens its editor once the rule is read; one that cannot be read says why.
  useEffect(() => {
    if (!ruleId) return;
    let stale = false;
    const failed = (message: string) => {
      if (stale) return;
      toastError(`Could not open the rule: ${message}`);
      navigate('/dashboard/rules', { replace: true });
    };
    market.admin.rules
      .get({ params: { id: ruleId } })
      .then((answer) => {
        if (stale) return;
        if (answer.ok) setOpen({ rule: answer.data });
        else failed(answer.error.message);
      })
      .catch((error: unknown) => failed(String(error)));
    return () => {
      stale = true;
    };
  }, [ruleId]);
  const close = () => {
    setOpen(null);
    if (ruleId) navigate('/dashboard/rules');
  };
  const columns: DataColumn<Rule, SortKey>[] = [
    { id: 'name', label: 'Name', sortKey: 'name', render: (rule) => rule.name, className: 'wrap' },
    { id: 'event', label: 'Event', render: (rule) => EVENT_LABELS[rule.event], width: 90 },
    { id: 'action', label: 'Action', render: (rule) => ACTION_LABELS[rule.action], width: 140 },
    {
      id: 'mode',
      label: 'Mode',
      render: (rule) => (
        <Tag minimal intent={MODE_INTENTS[rule.mode]}>
          {MODE_LABELS[rule.mode]}
        </Tag>
      ),
      width: 80,
    },
    { id: 'version', label: 'Version', render: (rule) => String(rule.version), className: 'num', width: 76 },
    {
      id: 'matches7d',
      label: 'Matches 7d',
      render: (rule) => (rule.stats ? String(rule.stats.matches7d) : '—'),
      className: 'num',
      width: 100,
    },
    { id: 'precision', label: 'Precision', render: (rule) => precisionText(rule.stats), className: 'num', width: 90 },
  ];
  return (
    <>
      {mayManage && (
        <div className="rules-toolbar">
          <Button intent="primary" icon="add" onClick={() => setOpen({ rule: null })}>
            New rule
          </Button>
        </div>
      )}
      <DataTable
        label="Rules"
        store={rules}
        columns={columns}
        searchPlaceholder="Search by name or expression"
        onRowClick={(rule) => setOpen({ rule })}
      />
      {open && (
        <RuleEditor
          key={open.rule?.id ?? 'new'}
          rule={open.rule}
          onClose={close}
          onSaved={() => void rules.getState().refresh()}
        />
      )}
    </>
  );
}

export function RulesScreen() {
  const [tab, setTab] = useState<'rules' | 'lists'>('rules');
  return (
    <section className="screen">
      <H3 className="screen-title">Rules</H3>
      <Tabs id="rules-tabs" selectedTabId={tab} onChange={(next) => setTab(next as 'rules' | 'lists')}>
        <Tab id="rules" title="Rules" panel={<RulesPanel />} />
        <Tab id="lists" title="Lists" panel={<PolicyListsPanel />} />
      </Tabs>
    </section>
  );
}
