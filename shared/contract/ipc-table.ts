// The IPC channel table: every channel between the desktop app's main process and its windows.
// Main registers handlers from it only (and parses each call's args with its schema); preload
// and the browser host's shim build `window.market` from it (market-client.ts).
import { z } from 'zod';
import { adminRoutes, type AdminRouteName, type RouteDef } from './admin-api.js';
import { SignedInAdmin } from './entities.js';
import { defineIpcChannels, type IpcEventChannel, type IpcRequestChannel } from './ipc-channels.js';
import { ADMIN_EVENT_NAMES, adminEvents, type AdminEventName } from './realtime-events.js';
import { workbenchEventChannels, workbenchRequestChannels } from './ipc-workbench-channels.js';

export const ApiFailureSchema = z.object({ status: z.number().int(), message: z.string(), code: z.string() });
export const apiResultOf = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: ApiFailureSchema }),
  ]);

export const SignInResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), user: SignedInAdmin }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['access-denied', 'invalid-credentials', 'error']),
    message: z.string(),
    code: z.string().optional(),
  }),
]);

export const ConnectionStateSchema = z.enum(['connected', 'reconnecting', 'offline']);
export const ColorModeSchema = z.enum(['dark', 'light']);
export const AdminEventNameSchema = z.enum(ADMIN_EVENT_NAMES as [AdminEventName, ...AdminEventName[]]);
/** A window's own id for one `events.subscribe` call (made by preload/shim, never trusted for more). */
export const SubscriptionId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
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

const AdminEventSchema = z.union(
  ADMIN_EVENT_NAMES.map((name) => z.object({ name: z.literal(name), payload: adminEvents[name] })) as unknown as [
    z.ZodType,
    z.ZodType,
  ],
);

const noArgs = z.tuple([]);

const sessionChannels = defineIpcChannels({
  'session.signIn': {
    kind: 'request',
    args: z.tuple([z.string().max(320), z.string().max(4096)]),
    result: SignInResultSchema,
  },
  'session.signOut': { kind: 'request', args: noArgs, result: z.boolean() },
  'session.current': { kind: 'request', args: noArgs, result: SignedInAdmin.nullable() },
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
});

/** The one argument of `admin.<route>`: exactly the route's params, query and body. */
export function adminCallArgs(route: RouteDef): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  if (route.params) shape.params = route.params;
  if (route.query) shape.query = route.query;
  if (route.body) shape.body = route.body;
  const input = z.strictObject(shape);
  const required = Object.values(shape).some((schema) => !schema.safeParse(undefined).success);
  return z.tuple([required ? input : input.optional()]);
}

export type AdminChannelName = `admin.${AdminRouteName}`;
export const adminChannelName = (route: AdminRouteName): AdminChannelName => `admin.${route}`;

const adminChannels = Object.fromEntries(
  (Object.entries(adminRoutes) as [AdminRouteName, RouteDef][]).map(([name, route]) => [
    adminChannelName(name),
    {
      kind: 'request',
      args: adminCallArgs(route),
      result: apiResultOf(route.response ?? z.undefined()),
    } satisfies IpcRequestChannel,
  ]),
) as unknown as Record<AdminChannelName, IpcRequestChannel>;

/** Window → main request channels. */
export const ipcRequestChannels = {
  ...sessionChannels,
  ...eventChannels,
  ...adminChannels,
  ...workbenchRequestChannels,
};
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
