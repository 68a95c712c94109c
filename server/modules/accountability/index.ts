// The accountability module as the rest of the server sees it: the audit log, record timelines
// (with the extension point other areas add their entries through), internal notes and a user's
// whole picture. Enforcement itself lives with the accounts (accounts/enforcement.ts).
export { accountabilityHandlers } from './admin.js';
export { addTimelineSource, type TimelineSource } from './timeline.js';
export { auditLogSource, nameRulesInAuditLog } from './audit-log.js';
