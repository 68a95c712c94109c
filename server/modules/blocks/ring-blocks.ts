// `POST /admin/users/{id}/ring/block`: one step to keep a whole ring out. Every hard identifier of
// every member (the links a ring is walked over: canonical email, phone, card, payout account,
// device) gets a block, in one transaction with an audit entry each; an identifier already blocked
// keeps its block. IPs and email domains are left out: shared by strangers, they are an admin's
// own call, one block at a time.
import type { RingBlocks } from '../../../shared/contract/blocks.js';
import type { RingBlockBody } from '../../../shared/contract/blocks.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { Db } from '../../platform/db/database.js';
import { canonicalEmail } from '../accounts/index.js';
import { ringOf } from '../trust-safety/index.js';
import { blockBookOf } from './block-book.js';
import { identifiersOfAccounts } from './identifier-book.js';
import { insertBlocks, type NewBlock } from './blocks.js';
import type { AccountIdentifiers } from './rules/block-matcher.js';

/** The hard identifiers of accounts, each once, as blocks of the body's severity and reason. */
export function ringIdentifierBlocks(members: readonly AccountIdentifiers[], body: RingBlockBody): NewBlock[] {
  const wanted = new Map<string, NewBlock>();
  const add = (kind: NewBlock['kind'], value: string) =>
    wanted.set(`${kind}\n${value}`, {
      kind,
      value,
      severity: body.severity,
      reason: body.reason,
      expiresAt: body.expiresAt,
    });
  for (const member of members) {
    for (const email of member.emails) add('canonicalEmail', canonicalEmail(email));
    for (const phone of member.phones) add('phone', phone);
    for (const card of member.cards) add('cardFingerprint', card);
    for (const account of member.payoutAccounts) add('payoutAccount', account);
    for (const token of member.deviceTokens) add('deviceToken', token);
  }
  return [...wanted.values()];
}

export async function blockRing(
  db: Db,
  admin: VerifiedIdentity,
  userId: string,
  body: RingBlockBody,
): Promise<RingBlocks> {
  const ring = await ringOf(db, userId);
  const members = [
    ...(
      await identifiersOfAccounts(
        db,
        ring.members.map((member) => member.id),
      )
    ).values(),
  ];
  try {
    const items = await db.transaction((tx) =>
      insertBlocks(tx, admin, ringIdentifierBlocks(members, body), { skipBlocked: true }),
    );
    return { created: items.length, items };
  } finally {
    blockBookOf(db).changed();
  }
}
