import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../shared/contract/entities.js';
import { userEditDraftOf, userPatchOf, type UserEditDraft } from './user-edit.js';

const user = {
  userName: 'ann',
  email: 'ann@example.com',
  sellerFee: 10,
  sellerEnabled: false,
  featured: false,
} as AdminUser;
const draft = (changes: Partial<UserEditDraft>): UserEditDraft => ({ ...userEditDraftOf(user), ...changes });

describe("'Edit user' sends only what changed", () => {
  it.each<[string, Partial<UserEditDraft>, ReturnType<typeof userPatchOf>]>([
    ['nothing changed: nothing to send', {}, null],
    ['only spaces added: nothing to send', { userName: ' ann ' }, null],
    ['a new name, trimmed', { userName: ' anna ' }, { userName: 'anna' }],
    ['an emptied name is refused before sending', { userName: '  ', featured: true }, null],
    ['an emptied email is refused before sending', { email: '' }, null],
    [
      'several fields at once',
      { email: 'a@example.com', sellerFee: 15, sellerEnabled: true, featured: true },
      { email: 'a@example.com', sellerFee: 15, sellerEnabled: true, featured: true },
    ],
    ['a fee set back to its value is not sent', { sellerFee: 10, featured: true }, { featured: true }],
  ])('%s', (_, changes, patch) => expect(userPatchOf(user, draft(changes))).toEqual(patch));

  it('starts from the user, a missing name as empty text', () => {
    expect(userEditDraftOf({ ...user, userName: null })).toEqual({ ...userEditDraftOf(user), userName: '' });
  });
});
