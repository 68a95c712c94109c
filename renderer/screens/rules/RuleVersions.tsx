// A rule's version history, newest first: what each version judged (event, expression, action),
// its mode, who saved it and when. Read again when the rule's version moves (a save, a mode switch).
import { Button, H5, HTMLTable } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { RuleVersion } from '../../../shared/contract/policy.js';
import { market } from '../../bridge.js';
import { runAdminAction } from '../../components/admin-action/index.js';
import { formatDateTime } from '../../components/format.js';
import { ACTION_LABELS, EVENT_LABELS, MODE_LABELS } from './rules-display.js';

const SHOWN = 20;

export function RuleVersions({ ruleId, version }: { ruleId: string; version: number }) {
  const [versions, setVersions] = useState<{ count: number; items: RuleVersion[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await runAdminAction(
      () => market.admin.rules.versions({ params: { id: ruleId }, query: { page: 1, limit: SHOWN } }),
      { failure: 'Failed to load the rule’s versions' },
    );
    if (result.ok) {
      setVersions(result.data);
      setFailed(null);
    } else setFailed(result.error.message);
  }, [ruleId]);
  useEffect(() => {
    void load();
  }, [load, version]);
  return (
    <section aria-labelledby="rule-versions-title" className="rule-section">
      <div className="rule-section-heading">
        <H5 id="rule-versions-title">Version history{versions ? ` (${versions.count})` : ''}</H5>
        <Button size="small" variant="minimal" icon="refresh" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      {failed && <p className="rule-muted">Not loaded: {failed}</p>}
      {versions && versions.items.length > 0 && (
        <HTMLTable compact striped aria-label="Rule versions" className="rule-matches">
          <thead>
            <tr>
              <th>Version</th>
              <th>Saved</th>
              <th>By</th>
              <th>Event</th>
              <th>Expression</th>
              <th>Action</th>
              <th>Mode</th>
            </tr>
          </thead>
          <tbody>
            {versions.items.map((item) => (
              <tr key={item.version}>
                <td>{item.version}</td>
                <td>{formatDateTime(item.at)}</td>
                <td className="mono">{item.changedBy}</td>
                <td>{EVENT_LABELS[item.event]}</td>
                <td className="mono rule-version-expression">{item.expression}</td>
                <td>{ACTION_LABELS[item.action]}</td>
                <td>{MODE_LABELS[item.mode]}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
