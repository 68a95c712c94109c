// Demo blocks, so the Blocks screen and the refusals show on the first `npm start`: a throwaway
// email domain kept from signing up and a card kept from trading. Made by the blocks area itself,
// each with its audit entry, as the admin route makes them (by the demo owner).
import { DEMO_ACCOUNTS } from '../platform/auth/demo-accounts.js';
import type { Db } from '../platform/db/database.js';
import { addBlocks, type NewBlock } from '../modules/blocks/index.js';

export const DEMO_BLOCKS: readonly NewBlock[] = [
  {
    kind: 'emailDomain',
    value: 'throwaway-mail.example',
    severity: 'signUp',
    reason: 'Disposable mail domain the shill ring signed up with',
  },
  {
    kind: 'cardFingerprint',
    value: 'visa:0341:09/2031',
    severity: 'trade',
    reason: 'Card behind three chargebacks on one seller',
  },
];

export async function seedDemoBlocks(db: Db): Promise<{ blocks: number }> {
  const admin = { uid: 'demo-seed', email: DEMO_ACCOUNTS.admin.email, emailVerified: true, admin: true };
  const made = await db.transaction((tx) => addBlocks(tx, admin, DEMO_BLOCKS, { skipBlocked: true }));
  return { blocks: made.length };
}
