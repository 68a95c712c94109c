// A rule's latest matches (shadow and on), newest first: when, which version, what it matched and
// whether the action was taken. Read again when the drawer asks (after a mode change).
import { HTMLTable, Tag } from '@blueprintjs/core';
import { market } from '../../bridge.js';
import { formatDateTime } from '../../components/format.js';
import { RulePageSection, useRulePage } from './RulePageSection.js';
import { ACTION_LABELS, MODE_LABELS } from './rules-display.js';

export function RuleMatches({ ruleId, version }: { ruleId: string; version: number }) {
  const loaded = useRulePage(market.admin.rules.matches, ruleId, version, 'Failed to load the rule’s matches');
  const matches = loaded.page;
  return (
    <RulePageSection id="rule-matches-title" title="Matches" loaded={loaded}>
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
    </RulePageSection>
  );
}
