// Enforcing on a ring (`POST /admin/rings/enforcement`): one unit of work a reader follows top to
// bottom. Every member is enforced through the accounts' enforcement in the same transaction, each
// with their own history row, notification and audit entry, so all of them are or none is; the
// members' rows are locked in id order, so two ring enforcements (or a ring enforcement and a
// granted appeal, which locks its user the same way) over one account wait for each other instead
// of both deciding on what they read first. The sockets of suspended members close after the commit.
import type { RingEnforcementBody } from '../../../../shared/contract/rings.js';
import type { VerifiedIdentity } from '../../../platform/auth/identity.js';
import type { Db } from '../../../platform/db/database.js';
import type { AdminEvents } from '../../../platform/events/admin-events.js';
import { inAdminUnitOfWork } from '../../../platform/events/admin-unit-of-work.js';
import { enforceManyIn } from '../../accounts/index.js';

export async function enforceOnRing(
  deps: { db: Db; events: AdminEvents },
  body: RingEnforcementBody,
  admin: VerifiedIdentity,
): Promise<{ enforced: number }> {
  return inAdminUnitOfWork(deps, async (tx, outbox) => {
    // Step: each member, in id order, the same enforcement.
    const enforced = await enforceManyIn(tx, outbox, deps, body.userIds, {
      action: body.action,
      reason: body.reason,
      message: body.message,
      until: body.until ? new Date(body.until) : null,
      admin,
    });
    return { enforced: enforced.length };
  });
}
