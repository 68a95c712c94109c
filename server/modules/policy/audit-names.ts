// The audit log names the rule behind each entry made by `rule:<id>` (its actions and blocks), so a
// reader sees which rule acted and opens it. One subquery per entry shown, over the few rules; a
// deleted rule keeps its name (its row is soft-deleted).
import { sql } from 'drizzle-orm';
import { nameRulesInAuditLog } from '../accountability/index.js';

nameRulesInAuditLog((ruleId) => sql`(SELECT r.name FROM policy_rules r WHERE r.id::text = ${ruleId})`);
