// A rule's version history, newest first: what each version judged (event, expression, action),
// its mode, who saved it and when. Read again when the rule's version moves (a save, a mode switch).
import { HTMLTable } from '@blueprintjs/core';
import { market } from '../../bridge.js';
import { formatDateTime } from '../../components/format.js';
import { RulePageSection, useRulePage } from './RulePageSection.js';
import { ACTION_LABELS, EVENT_LABELS, MODE_LABELS } from './rules-display.js';

export function RuleVersions({ ruleId, version }: { ruleId: string; version: number }) {
  const loaded = useRulePage(market.admin.rules.versions, ruleId, version, 'Failed to load the rule’s versions');
  const versions = loaded.page;
  return (
    <RulePageSection id="rule-versions-title" title="Version history" loaded={loaded}>
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
    </RulePageSection>
  );
}
