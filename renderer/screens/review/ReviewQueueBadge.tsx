// The sidebar's live count of open cases in the review queue.
import { Tag } from '@blueprintjs/core';
import { useOpenReviewCount } from './queue-live.js';

export function ReviewQueueBadge() {
  const open = useOpenReviewCount();
  if (open === null || open === 0) return null;
  return (
    <Tag round intent="danger" className="sidebar-badge" aria-label={`${open} open cases`}>
      {open > 999 ? '999+' : open}
    </Tag>
  );
}
