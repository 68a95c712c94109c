// An appeal's case shows what is appealed: the enforcement, its reason, who applied it and when,
// and the user's audit trail (their timeline: every admin action and enforcement, newest first).
import { Callout, H5, HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { TimelineItem } from '../../../shared/contract/accountability.js';
import type { ReviewCaseWithEvidence } from '../../../shared/contract/review-cases.js';
import { market } from '../../bridge.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime } from '../../components/format.js';

interface AppealedEnforcement {
  id: string;
  action: string;
  reason: string;
  until: string | null;
  createdAt: string;
  admin: { uid: string; email: string | null };
}

const enforcementOf = (details: Record<string, unknown> | null): AppealedEnforcement | null =>
  details && typeof details.enforcement === 'object' && details.enforcement !== null
    ? (details.enforcement as AppealedEnforcement)
    : null;

export function AppealPanel({ item }: { item: ReviewCaseWithEvidence }) {
  const enforcement = enforcementOf(item.evidence.details);
  const userId = item.subjectUser?.id;
  const [trail, setTrail] = useState<TimelineItem[]>([]);
  useEffect(() => {
    if (!userId) return;
    // The user's timeline: the admin actions and enforcements on them (what moderators may read).
    void market.admin.users
      .timeline({ params: { id: userId }, query: { page: 1, limit: 20 } })
      .then((result) => result.ok && setTrail(result.data.items));
  }, [userId]);
  return (
    <div className="review-appeal" aria-label="Appeal">
      <H5>Appealed enforcement</H5>
      {enforcement ? (
        <DetailList
          rows={[
            ['Action', enforcement.action],
            ['Reason', enforcement.reason],
            ['Until', enforcement.until ? formatDateTime(enforcement.until) : '-'],
            ['Applied', formatDateTime(enforcement.createdAt)],
            ['By', enforcement.admin.email ?? enforcement.admin.uid],
          ]}
        />
      ) : (
        <Callout compact>The enforcement is no longer on record.</Callout>
      )}
      <H5>Audit trail</H5>
      <HTMLTable compact striped aria-label="Audit trail">
        <thead>
          <tr>
            <th>When</th>
            <th>What</th>
            <th>Who</th>
          </tr>
        </thead>
        <tbody>
          {trail.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td>{formatDateTime(entry.at)}</td>
              <td>{entry.summary}</td>
              <td>{entry.actor ?? '-'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
