// What the accountability route tests share: the real app on in-memory PGlite with a fake
// identity that knows scoped admins (`token-admin` is the owner, `token-role-<role>` an admin
// with that `adminRole`, `token-<name>` a marketplace user), and the admin events it emits.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { adminRoleOf } from '../../shared/contract/admin-permissions.js';
import type { AuditEntry } from '../../shared/contract/accountability.js';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { marketCall } from './market-db.js';

export const roleIdentity: IdentityProvider = {
  verifyIdToken: async (token) => {
    const role = /^token-role-([a-z]+)$/.exec(token);
    if (role) {
      return {
        uid: `uid-${role[1]}`,
        email: `${role[1]}@staff.test`,
        emailVerified: true,
        admin: true,
        adminRole: adminRoleOf(role[1]),
      };
    }
    const match = /^token-([a-z0-9]+)$/.exec(token);
    if (!match) throw new Error('auth/argument-error');
    const name = match[1]!;
    return { uid: `uid-${name}`, email: `${name}@market.test`, emailVerified: true, admin: name === 'admin' };
  },
  updateEmail: async () => undefined,
  disableAccount: async () => undefined,
};

export interface AccountabilityApp {
  app: FastifyInstance;
  database: Database;
  audited: AuditEntry[];
  suspendedUsers: string[];
  call: ReturnType<typeof marketCall>;
  close(): Promise<void>;
}

export async function startAccountabilityApp(): Promise<AccountabilityApp> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(database);
  const audited: AuditEntry[] = [];
  const suspendedUsers: string[] = [];
  const app = await buildApp({
    database,
    ports: localPorts(database, { identity: roleIdentity }),
    rateLimitMax: 100_000,
    // Stands in for Socket.IO: what the realtime plugin would push and disconnect.
    realtime: (_app, { events }) => {
      events.on('auditEntryAdded', (entry) => audited.push(entry));
      events.on('accountSuspended', ({ userId }) => suspendedUsers.push(userId));
    },
  });
  let current = app;
  return {
    app,
    database,
    audited,
    suspendedUsers,
    call: marketCall(() => current),
    async close() {
      await current.close();
      await database.close();
      current = undefined as never;
    },
  };
}
