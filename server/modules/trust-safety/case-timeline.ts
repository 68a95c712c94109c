// Review cases in record timelines: a user's timeline shows the cases against them, a listing's
// and an order's the cases about that record, each as its source, reason and where it stands.
import { sql, type SQL } from 'drizzle-orm';
import { addTimelineSource } from '../accountability/index.js';

const caseEntries = (where: SQL) => sql`
  SELECT rc.created_at AS at, 'reviewCase' AS kind,
         rc.source || ': ' || rc.reason || ' (' || rc.status || coalesce(', ' || rc.outcome, '') || ')' AS summary,
         rc.assignee_email AS actor, NULL AS ref_type, NULL AS ref_id
  FROM review_cases rc WHERE ${where}`;

addTimelineSource('user', (id) => caseEntries(sql`rc.subject_user_id = ${id}`));
addTimelineSource('listing', (id) => caseEntries(sql`rc.subject_type = 'listing' AND rc.subject_id = ${id}`));
addTimelineSource('order', (id) => caseEntries(sql`rc.subject_type = 'order' AND rc.subject_id = ${id}`));
