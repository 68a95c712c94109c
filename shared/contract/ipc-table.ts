// The IPC channel table: every channel between the desktop app's main process and its windows.
// Main registers handlers from it only (and parses each call's args with its schema); preload
// and the browser host's shim build `window.market` from it (market-client.ts). The types both
// sides use (market-api.ts, main/core/ipc-dispatch.ts) are inferred from these schemas.
import { z } from 'zod';
import { type AdminRouteName, type RouteDef } from './admin-api.js';
import { SignedInAdmin } from './entities.js';
import { defineIpcChannels, type IpcEventChannel, type IpcRequestChannel } from './ipc-channels.js';
import { ADMIN_EVENT_NAMES, adminEvents, type AdminEventName, type AdminEventPayload } from './realtime-events.js';
import { keyedByRoute, type PerRoute } from './route-map.js';
import { workbenchEventChannels, workbenchRequestChannels } from './ipc-workbench-channels.js';

/** A failed call, as the UI turns it into a toast. `message` is the server's message when it sent one. */
export const ApiFailureSchema = z.object({
  /** HTTP status; 0 when the server was not reached (offline, time-out). */
  status: z.number().int(),
  message: z.string(),
  /**
   * 'timeout' | 'network' | 'invalid-response' | the server's application code when it sent one
   * (APPLICATION_ERROR_CODES: 'reauthenticationRequired', 'databaseUnavailable'…) | else the
   * HTTP reason such as 'Conflict'.
   */
  code: z.string(),
});
export type ApiFailure = z.infer<typeof ApiFailureSchema>;
const ApiFailedSchema = z.object({ ok: z.literal(false), error: ApiFailureSchema });
/**
 * What every admin call answers: its data, or the failure. The schema is generic in its data,
 * which zod's inference cannot carry through a type parameter, so only the success arm is spelt here.
 */
export type ApiResult<T> = { ok: true; data: T } | z.infer<typeof ApiFailedSchema>;
export const apiResultOf = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), data }), ApiFailedSchema]);

export const SignInResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), user: SignedInAdmin }),
  z.object({
    ok: z.literal(false),
    /** access-denied: signed in but no admin claim (already signed out again). */
    reason: z.enum(['access-denied', 'invalid-credentials', 'error']),
    message: z.string(),
    /** The identity provider's code, e.g. auth/wrong-password. */
    code: z.string().optional(),
  }),
]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

/**
 * Step-up ("Confirm it's you"): the admin's password checked again by main's session, which then
 * holds a token with a fresh sign-in time. The window learns only whether it worked.
 */
export const ReauthenticateResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({
    ok: z.literal(false),
    /** signed-out: there is no session to confirm (the window should go to the sign-in screen). */
    reason: z.enum(['invalid-credentials', 'signed-out', 'error']),
    message: z.string(),
  }),
]);
export type ReauthenticateResult = z.infer<typeof ReauthenticateResultSchema>;

export const ConnectionStateSchema = z.enum(['connected', 'reconnecting', 'offline']);
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;
export const ColorModeSchema = z.enum(['dark', 'light']);
export type ColorMode = z.infer<typeof ColorModeSchema>;
export const AdminEventNameSchema = z.enum(ADMIN_EVENT_NAMES);
/** A window's own id for one `events.subscribe` call (made by preload/shim, never trusted for more). */
export const SubscriptionId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/**
 * A window's own id for one admin call it may abort (`calls.abort`): sent beside the call's
 * input, so main can abort that call's HTTP request (a search nobody will read).
 */
export const CallId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const CallTag = z.strictObject({ callId: CallId });
export type CallTag = z.infer<typeof CallTag>;
/** An in-app route: a path of our router, never a URL with a scheme or host. */
export const AppRoute = z
  .string()
  .max(2000)
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/?#=&%]*$/, 'must be an in-app route such as /dashboard/users?id=…');

/** A system notification; clicking it brings a window forward on `route`. */
export const SystemNotice = z.strictObject({
  title: z.string().max(200),
  body: z.string().max(500),
  route: AppRoute,
});
export type SystemNotice = z.infer<typeof SystemNotice>;

/** One `/admin` event as a window receives it: its name and that event's payload (realtime-events.ts). */
export type AdminEvent = { [E in AdminEventName]: { name: E; payload: AdminEventPayload<E> } }[AdminEventName];
const AdminEventEnvelope = z.object({ name: AdminEventNameSchema, payload: z.unknown() });
/** Checks the payload against the schema of the event it names. */
const AdminEventSchema = z.custom<AdminEvent>((value) => {
  const envelope = AdminEventEnvelope.safeParse(value);
  return envelope.success && adminEvents[envelope.data.name].safeParse(envelope.data.payload).success;
});

const noArgs = z.tuple([]);

const sessionChannels = defineIpcChannels({
  'session.signIn': {
    kind: 'request',
    args: z.tuple([z.string().max(320), z.string().max(4096)]),
    result: SignInResultSchema,
  },
  'session.signOut': { kind: 'request', args: noArgs, result: z.boolean() },
  'session.current': { kind: 'request', args: noArgs, result: SignedInAdmin.nullable() },
  'session.reauthenticate': {
    kind: 'request',
    args: z.tuple([z.string().min(1).max(4096)]),
    result: ReauthenticateResultSchema,
  },
});

const eventChannels = defineIpcChannels({
  'events.subscribe': {
    kind: 'request',
    args: z.tuple([SubscriptionId, z.array(AdminEventNameSchema).min(1).max(ADMIN_EVENT_NAMES.length)]),
    result: z.undefined(),
  },
  'events.unsubscribe': { kind: 'request', args: z.tuple([SubscriptionId]), result: z.undefined() },
  'events.connectionState': { kind: 'request', args: noArgs, result: ConnectionStateSchema },
  'windows.open': { kind: 'request', args: z.tuple([AppRoute]), result: z.undefined() },
  'windows.notify': { kind: 'request', args: z.tuple([SystemNotice]), result: z.undefined() },
  /** Aborts this window's admin call tagged `callId`, if still running; it answers `aborted`. */
  'calls.abort': { kind: 'request', args: z.tuple([CallId]), result: z.undefined() },
});

/**
 * The arguments of `admin.<route>`: exactly the route's params, query and body, then the call's
 * tag when the window may abort it.
 */
export function adminCallArgs(route: RouteDef): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  if (route.params) shape.params = route.params;
  if (route.query) shape.query = route.query;
  if (route.body) shape.body = route.body;
  const input = z.strictObject(shape);
  const required = Object.values(shape).some((schema) => !schema.safeParse(undefined).success);
  return z.tuple([required ? input : input.optional(), CallTag.optional()]);
}

/** Admin channels are named after their route: `admin.users.list`. */
export const ADMIN_CHANNEL_PREFIX = 'admin.';
export type AdminChannelPrefix = typeof ADMIN_CHANNEL_PREFIX;
export type AdminChannelName<N extends AdminRouteName = AdminRouteName> = `${AdminChannelPrefix}${N}`;
export const adminChannelName = <N extends AdminRouteName>(route: N): AdminChannelName<N> =>
  `${ADMIN_CHANNEL_PREFIX}${route}`;

/**
 * `admin.<route>` for every admin route. Their schemas are built at run time from the route, so
 * their types are the route table's (AdminCallWindowArgs, AdminCallResult in market-api.ts; AdminCallIpcArgs in main), not these.
 */
interface AdminChannelPerRoute extends PerRoute {
  readonly value: IpcRequestChannel;
}
const adminChannels = keyedByRoute<AdminChannelPerRoute, AdminChannelPrefix>(ADMIN_CHANNEL_PREFIX, (_name, route) => ({
  kind: 'request',
  args: adminCallArgs(route),
  result: apiResultOf(route.response ?? z.undefined()),
}));

/** The request channels of the app itself (everything but the admin routes). */
const ownRequestChannels = { ...sessionChannels, ...eventChannels, ...workbenchRequestChannels };
export type OwnRequestChannels = typeof ownRequestChannels;
export type OwnRequestName = keyof OwnRequestChannels;
/** What a window passes to an own channel, and what its handler receives once parsed. */
export type OwnRequestInput<N extends OwnRequestName> = z.input<OwnRequestChannels[N]['args']>;
export type OwnRequestArgs<N extends OwnRequestName> = z.output<OwnRequestChannels[N]['args']>;
export type OwnRequestResult<N extends OwnRequestName> = z.output<OwnRequestChannels[N]['result']>;

/** Window → main request channels. */
export const ipcRequestChannels = { ...ownRequestChannels, ...adminChannels };
export type IpcRequestChannels = typeof ipcRequestChannels;
export type IpcRequestName = keyof IpcRequestChannels;

/** Main → window event channels. */
export const ipcEventChannels = defineIpcChannels({
  'events.event': {
    kind: 'event',
    payload: z.object({ subscriptionId: SubscriptionId, event: AdminEventSchema }),
  },
  'events.connectionState': { kind: 'event', payload: ConnectionStateSchema },
  'windows.colorMode': { kind: 'event', payload: ColorModeSchema },
  'windows.navigate': { kind: 'event', payload: AppRoute },
  ...workbenchEventChannels,
} satisfies Record<string, IpcEventChannel>);
export type IpcEventChannels = typeof ipcEventChannels;
export type IpcEventName = keyof IpcEventChannels;
export type IpcEventPayloadOf<E extends IpcEventName> = z.output<IpcEventChannels[E]['payload']>;

/** The IPC channel name on the wire: request and event channels live in separate namespaces. */
export const requestWireName = (name: string) => `market:req:${name}`;
export const eventWireName = (name: string) => `market:evt:${name}`;

export const IPC_REQUEST_NAMES = Object.keys(ipcRequestChannels) as IpcRequestName[];
export const IPC_EVENT_NAMES = Object.keys(ipcEventChannels) as IpcEventName[];
