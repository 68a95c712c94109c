// The back office's user routes: each parses (the contract did), calls user-admin.ts or the
// account service, and answers.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { emailTaken, userNameTaken } from './account.js';
import { changeUser, decideSellerRequest, deleteUser, listAdminUsers, loadAdminUser } from './user-admin.js';

export function userHandlers(deps: AdminDeps) {
  const { db, reads } = deps;
  return {
    // The list may lag a write by the replica's delay; one user (`users.get`) reads the primary.
    'users.list': async ({ query }) => listAdminUsers(reads, query),
    'users.checkUsername': async ({ body }) => ({ exists: await userNameTaken(db, body.userName, null) }),
    'users.checkEmail': async ({ body }) => ({ exists: await emailTaken(db, body.email) }),
    'users.get': async ({ params }) => loadAdminUser(db, params.id),
    'users.update': async ({ params, body, admin }) => changeUser(deps, params.id, body, admin, 'updateUser'),
    'users.delete': async ({ params, admin }) => {
      await deleteUser(deps, params.id, admin);
      return undefined;
    },
    'users.approveRequest': async ({ params, admin }) => decideSellerRequest(db, params.id, 'APPROVED', admin),
    'users.rejectRequest': async ({ params, admin }) => decideSellerRequest(db, params.id, 'REJECTED', admin),
    'users.setSellerEnabled': async ({ params, body, admin }) =>
      changeUser(deps, params.id, { sellerEnabled: body.sellerEnabled }, admin, 'setSellerEnabled'),
    'users.setSellerFee': async ({ params, body, admin }) =>
      changeUser(deps, params.id, { sellerFee: body.sellerFee }, admin, 'setSellerFee'),
    'users.setFeatured': async ({ params, body, admin }) =>
      changeUser(deps, params.id, { featured: body.featured }, admin, 'setFeatured'),
    'users.setUserName': async ({ params, body, admin }) =>
      changeUser(deps, params.id, { userName: body.userName }, admin, 'setUserName'),
    'users.setEmail': async ({ params, body, admin }) =>
      changeUser(deps, params.id, { email: body.email }, admin, 'setEmail'),
  } satisfies Partial<AdminHandlers>;
}
