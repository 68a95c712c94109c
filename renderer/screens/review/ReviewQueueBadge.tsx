// The sidebar's live count of open cases in the review queue. Always drawn while signed in, it
// also shows the high-priority alerts the moderator opted into.
import { Tag } from '@blueprintjs/core';
import { useHighPriorityAlerts } from './high-priority-alerts.js';
import { useOpenReviewCount } from './open-case-count.js';

export function ReviewQueueBadge() {
  const open = useOpenReviewCount();
  useHighPriorityAlerts();
  if (open === null || open === 0) return null;
  return (
    <Tag round intent="danger" className="sidebar-badge" aria-label={`${open} open cases`}>
      {open > 999 ? '999+' : open}
    </Tag>
  );
}
