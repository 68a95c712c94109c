// The signed-in user's own account (/user/*, /user-requests, /setting/contact-us).
// GET /user/my-details is registered apart (`callerDetailsRoute`), later in market-routes.ts, where
// it always was; GET|POST /user/shipping-info are the fulfilment module's.
import type { FastifyRequest } from 'fastify';
import { ApiErrorBody } from '../../../shared/contract/entities.js';
import {
  AccountUser,
  BadgeReset,
  CallerDetails,
  CodeSent,
  DeviceToken,
  DeviceTokenBody,
  DeviceTokenRemoval,
  EmailParams,
  Exists,
  ProfileBody,
  PublicProfile,
  RegisterBody,
  UpdatePhoneBody,
  VerifyPhoneBody,
  UserNameBody,
} from '../../../shared/contract/market/accounts.js';
import { ContactMessageSent, ContactUsBody } from '../../../shared/contract/market/community.js';
import {
  accountOf,
  becomeGuest,
  emailTaken,
  ownAccountBy,
  publicProfileOf,
  registerAccount,
  updateProfile,
  userNameTaken,
} from './account.js';
import { closeAccount, deleteGuest } from './account-closing.js';
import { sendContactMessage } from './contact-us.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { registerDeviceToken, removeDeviceToken, resetBadgeCount } from './devices.js';
import { sellerAccountRoutes } from './seller-routes.js';
import { resendPhoneCode, startPhoneChange, verifyPhoneCode } from './phone-verification.js';
import type { AccountPorts } from './ports.js';
import { IdParams, type MarketRouteContext, NoContent } from '../../platform/http/market-route-context.js';
import { recordSignInIp } from '../../platform/auth/sign-in-ips.js';

export async function accountRoutes(context: MarketRouteContext<AccountPorts>): Promise<void> {
  const { r, deps, identity, authenticate, secured } = context;
  const { db } = deps;
  const tags = ['user'];

  // ── The account itself ──
  r.get(
    '/user',
    { schema: { description: 'The caller’s own account.', tags, ...secured, response: { 200: AccountUser } } },
    async (request) => accountOf(db, request.caller.id),
  );
  r.post(
    '/user',
    {
      schema: {
        description:
          'Registers the caller (signed in with Firebase) as a marketplace user: name, time zone, accepted terms.',
        tags,
        ...secured,
        body: RegisterBody,
        response: { 201: AccountUser },
      },
    },
    async (request, reply) => {
      const account = await registerAccount(deps, request.caller.id, request.body);
      await recordSignInIp(db, request.caller.id, request.ip, 'signUp');
      return reply.code(201).send(account);
    },
  );
  r.patch(
    '/user/profile',
    {
      schema: {
        description: 'Changes the caller’s profile: names, user name, time zone, description.',
        tags,
        ...secured,
        body: ProfileBody,
        response: { 200: AccountUser },
      },
    },
    async (request) => updateProfile(deps, request.caller.id, request.body),
  );
  r.delete(
    '/user/delete-account',
    {
      schema: {
        description: 'Closes the caller’s account and disables their sign-in.',
        tags,
        ...secured,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await closeAccount(deps, identity, request.caller.id);
      return reply.code(204).send();
    },
  );

  // ── Guests ──
  r.post(
    '/user/guest',
    {
      schema: {
        description: 'Creates a guest account for the caller (browsing and buying before registering).',
        tags,
        ...secured,
        response: { 201: AccountUser },
      },
    },
    async (request, reply) => reply.code(201).send(await becomeGuest(deps, request.caller.id)),
  );
  r.delete(
    '/user/guest/:id',
    {
      schema: {
        description: 'Deletes one of the caller’s guest accounts.',
        tags,
        ...secured,
        params: IdParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await deleteGuest(deps, identity, request.caller.id, request.params.id);
      return reply.code(204).send();
    },
  );

  // ── Names and lookups ──
  r.post(
    '/user/check-username',
    {
      schema: {
        description: 'Whether a user name is already taken.',
        tags,
        ...secured,
        body: UserNameBody,
        response: { 200: Exists },
      },
    },
    async (request) => ({ exists: await userNameTaken(db, request.body.userName, request.caller.id) }),
  );
  r.get(
    '/user/email/:email',
    {
      schema: {
        description: 'Whether an account already uses this email.',
        tags,
        ...secured,
        params: EmailParams,
        response: { 200: Exists },
      },
    },
    async (request) => ({ exists: await emailTaken(db, request.params.email) }),
  );
  r.get(
    '/user/firebase/:id',
    {
      schema: {
        description: 'The caller’s account, found by their Firebase uid (only the caller’s own).',
        tags,
        ...secured,
        params: IdParams,
        response: { 200: AccountUser },
      },
    },
    async (request) => ownAccountBy(db, request.caller.id, { firebaseId: request.params.id }),
  );
  // The path is misspelt ('stirpe') on purpose: it is the one the apps call.
  r.get(
    '/user/stirpe/:id',
    {
      schema: {
        description:
          'The caller’s account, found by their Stripe customer id (only the caller’s own; the path’s spelling is the apps’).',
        tags,
        ...secured,
        params: IdParams,
        response: { 200: AccountUser },
      },
    },
    async (request) => ownAccountBy(db, request.caller.id, { stripeId: request.params.id }),
  );
  r.get(
    '/user/:id',
    {
      schema: {
        description: 'A user’s public profile: name, avatar, rating, seller state.',
        tags,
        params: IdParams,
        response: { 200: PublicProfile },
      },
    },
    async (request) => publicProfileOf(db, request.params.id),
  );

  // ── Phone number ──
  r.post(
    '/user/update-phone',
    {
      schema: {
        description: 'Sets the caller’s phone number and texts it a verification code (503 without an SMS provider).',
        tags,
        ...secured,
        body: UpdatePhoneBody,
        response: { 200: CodeSent, 503: ApiErrorBody },
      },
    },
    async (request) => startPhoneChange(deps, deps.sms, request.caller.id, request.body.phoneNumber),
  );
  r.post(
    '/user/resend-phone-code',
    {
      schema: {
        description: 'Texts the verification code again (after the wait the last answer named).',
        tags,
        ...secured,
        response: { 200: CodeSent, 503: ApiErrorBody },
      },
    },
    async (request) => resendPhoneCode(deps, deps.sms, request.caller.id),
  );
  r.post(
    '/user/verify-phone-otp',
    {
      schema: {
        description: 'Verifies the caller’s phone number with the texted code.',
        tags,
        ...secured,
        body: VerifyPhoneBody,
        response: { 200: AccountUser },
      },
    },
    async (request) => verifyPhoneCode(deps, request.caller.id, request.body.code),
  );

  // ── Selling ──
  await sellerAccountRoutes(context);

  // ── Devices ──
  r.post(
    '/user/device-token',
    {
      schema: {
        description: 'Registers the caller’s device for push notifications.',
        tags,
        ...secured,
        body: DeviceTokenBody,
        response: { 200: DeviceToken },
      },
    },
    async (request) => registerDeviceToken(db, request.caller.id, request.body.token, request.body.platform),
  );
  r.delete(
    '/user/device-token',
    {
      schema: {
        description: 'Unregisters a device from push notifications.',
        tags,
        ...secured,
        body: DeviceTokenRemoval,
        response: { 204: NoContent, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      await removeDeviceToken(db, request.caller.id, request.body.token);
      return reply.code(204).send();
    },
  );
  r.patch(
    '/user/reset-badge-count',
    {
      schema: {
        description: 'Sets the caller’s app badge count back to zero.',
        tags,
        ...secured,
        response: { 200: BadgeReset },
      },
    },
    async (request) => resetBadgeCount(db, request.caller.id),
  );

  // ── Contact us ── open to anybody (a user who cannot sign in needs it most); a token, when
  // sent, must be valid and links the message to the account.
  async function optionalCaller(request: FastifyRequest): Promise<void> {
    if (request.headers.authorization !== undefined) await authenticate(request);
  }
  r.post(
    '/setting/contact-us',
    {
      onRequest: optionalCaller,
      schema: {
        tags: ['settings'],
        description:
          'Sends a message to customer support from the contact-us form: from anybody, or with a token from the signed-in user.',
        security: [{}, ...secured.security],
        body: ContactUsBody,
        response: { 201: ContactMessageSent },
      },
    },
    async (request, reply) => {
      const userId = request.marketUser?.id ?? null;
      const sent = await inUnitOfWork(deps, (tx, outbox) => sendContactMessage(tx, userId, request.body, outbox));
      return reply.code(201).send(sent);
    },
  );
}

/** `GET /user/my-details`: the caller as the token resolved them (registered after the other areas' routes). */
export async function callerDetailsRoute({ r, secured }: MarketRouteContext<AccountPorts>): Promise<void> {
  r.get(
    '/user/my-details',
    {
      schema: {
        description: 'The caller as the token resolved them: id, Firebase uid, email, admin flag.',
        tags: ['user'],
        ...secured,
        response: { 200: CallerDetails },
      },
    },
    // The contract's fields only: the resolved caller also carries its standing (`suspended`).
    async ({ caller: { id, firebaseId, email, userName, admin } }) => ({ id, firebaseId, email, userName, admin }),
  );
}
