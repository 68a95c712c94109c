// A rule's latest matches (shadow and on), newest first: when, which version, what it matched and
// whether the action was taken. Read again when the drawer asks (after a mode change).
import { Button, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { RuleMatch } from '../../../shared/contract/policy.js';
import { market } from '../../bridge.js';
import { runAdminAction } from '../../components/admin-action/index.js';
import { formatDateTime } from '../../components/format.js';
import { ACTION_LABELS, MODE_LABELS } from './rules-display.js';

const SHOWN = 20;

export function RuleMatches({ ruleId, version }: { ruleId: string; version: number }) {
  const [matches, setMatches] = useState<{ count: number; items: RuleMatch[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await runAdminAction(
      () => market.admin.rules.matches({ params: { id: ruleId }, query: { page: 1, limit: SHOWN } }),
      { failure: 'Failed to load the rule’s matches' },
    );
    if (result.ok) {
      setMatches(result.data);
      setFailed(null);
    } else setFailed(result.error.message);
  }, [ruleId]);
  useEffect(() => {
    void load();
  }, [load, version]);
  return (
    <section aria-labelledby="rule-matches-title" className="rule-section">
      <div className="rule-section-heading">
        <H5 id="rule-matches-title">Matches{matches ? ` (${matches.count})` : ''}</H5>
        <Button size="small" variant="minimal" icon="refresh" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      {failed && <p className="rule-muted">Not loaded: {failed}</p>}
      {matches && matches.items.length === 0 && <p className="rule-muted">No matches yet.</p>}
      {matches && matches.items.length > 0 && (
        <HTMLTable compact striped aria-label="Rule matches" className="rule-matches">
          <thead>
            <tr>
              <th>At</th>
              <th>Version</th>
              <th>Mode</th>
              <th>Subject</th>
              <th>Actor</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {matches.items.map((match) => (
              <tr key={`${match.at}-${match.subjectId}`}>
                <td>{formatDateTime(match.at)}</td>
                <td>{match.version}</td>
                <td>{MODE_LABELS[match.mode]}</td>
                <td className="mono">{match.subjectId}</td>
                <td className="mono">{match.actorId}</td>
                <td>
                  {ACTION_LABELS[match.action]}{' '}
                  <Tag minimal intent={match.done ? 'warning' : 'none'}>
                    {match.done ? 'taken' : 'recorded'}
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
