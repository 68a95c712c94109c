// Binds core (session, API client, realtime hub) to the channel table: one handler per
// request channel; admin channels come from the route table, not from code per route.
import type { AdminRouteName } from '../../shared/contract/admin-api.js';
import {
  ADMIN_CHANNEL_PREFIX,
  type AdminChannelPrefix,
  type IpcEventName,
  type IpcEventPayloadOf,
  type SystemNotice,
} from '../../shared/contract/ipc-table.js';
import { keyedByRoute } from '../../shared/contract/route-map.js';
import type { Writable } from 'node:stream';
import type { AdminCall, AdminDownload } from './api-client.js';
import { saveListExport, suggestedExportName } from './csv-export.js';
import type { AdminHandler, AdminHandlerPerRoute, IpcHandlers, OwnHandlers } from './ipc-dispatch.js';
import type { RealtimeHub } from './realtime-hub.js';
import type { Session } from './session.js';

/** What the host (Electron or the browser bridge) does for core: reach windows. */
export interface WindowHost {
  send<E extends IpcEventName>(windowKey: string, channel: E, payload: IpcEventPayloadOf<E>): void;
  broadcast<E extends IpcEventName>(channel: E, payload: IpcEventPayloadOf<E>): void;
  openRoute(route: string): Promise<void>;
  /**
   * Asks the admin where to save a file (the OS save dialog of the window `windowKey`): a stream
   * to write it to and its path, or null when they cancelled. Absent where there is no dialog
   * (the browser host downloads instead).
   */
  chooseExportFile?(windowKey: string, suggestedName: string): Promise<{ sink: Writable; file: string } | null>;
  /** Shows a system notification; a click brings a window forward on its route. */
  notify(notice: SystemNotice): void;
}

export interface DesktopCoreParts {
  session: Session;
  api: { call: AdminCall; download?: AdminDownload };
  hub: RealtimeHub;
}

export interface BoundIpc {
  handlers: IpcHandlers;
  /** Forget a closed window's subscriptions. */
  dropWindow(windowKey: string): void;
  dispose(): void;
}

/** Aborts kept for calls not yet arrived (see `abortedEarly`). */
const ABORTS_KEPT = 100;

export function bindIpcHandlers(core: DesktopCoreParts, host: WindowHost): BoundIpc {
  const subscriptions = new Map<string, Map<string, () => void>>();
  const stopState = core.hub.onState((state) => host.broadcast('events.connectionState', state));

  const dropWindow = (windowKey: string) => {
    for (const stop of subscriptions.get(windowKey)?.values() ?? []) stop();
    subscriptions.delete(windowKey);
  };

  // The admin calls a window may still abort, by window and the call's own tag.
  const abortable = new Map<string, AbortController>();
  // Aborts that overtook their call (the browser bridge carries each on an HTTP request of its
  // own): the call is aborted as it arrives. Only the newest few are kept.
  const abortedEarly = new Set<string>();
  const callKey = (windowKey: string, callId: string) => `${windowKey} ${callId}`;
  const adminHandlers = keyedByRoute<AdminHandlerPerRoute, AdminChannelPrefix>(
    ADMIN_CHANNEL_PREFIX,
    <N extends AdminRouteName>(name: N): AdminHandler<N> =>
      (sender, [input, tag]) => {
        if (!tag) return core.api.call(name, input);
        const key = callKey(sender.key, tag.callId);
        const controller = new AbortController();
        if (abortedEarly.delete(key)) controller.abort();
        abortable.set(key, controller);
        return core.api.call(name, input, controller.signal).finally(() => abortable.delete(key));
      },
  );

  const ownHandlers: OwnHandlers = {
    'session.signIn': (_sender, [email, password]) => core.session.signIn(email, password),
    'session.signOut': () => core.session.signOut(),
    'session.current': () => core.session.current(),
    'session.reauthenticate': (_sender, [password]) => core.session.reauthenticate(password),
    'events.subscribe': async (sender, [subscriptionId, names]) => {
      const forWindow = subscriptions.get(sender.key) ?? new Map<string, () => void>();
      subscriptions.set(sender.key, forWindow);
      forWindow.get(subscriptionId)?.();
      forWindow.set(
        subscriptionId,
        core.hub.subscribe(names, (event) => host.send(sender.key, 'events.event', { subscriptionId, event })),
      );
      return undefined;
    },
    'events.unsubscribe': async (sender, [subscriptionId]) => {
      const forWindow = subscriptions.get(sender.key);
      forWindow?.get(subscriptionId)?.();
      forWindow?.delete(subscriptionId);
      return undefined;
    },
    'events.connectionState': async () => core.hub.state,
    'windows.open': async (_sender, [route]) => {
      await host.openRoute(route);
      return undefined;
    },
    'exports.saveCsv': async (sender, [list, query, fileStem]) => {
      const download = core.api.download;
      if (!host.chooseExportFile || !download) {
        return { ok: false, reason: 'failed', message: 'This window cannot save files.' };
      }
      const target = await host.chooseExportFile(sender.key, suggestedExportName(fileStem ?? list));
      if (!target) return { ok: false, reason: 'cancelled', message: 'Export cancelled.' };
      return saveListExport(download, list, query, target.sink, target.file, (rows) =>
        host.send(sender.key, 'exports.progress', { list, rows }),
      );
    },
    'windows.notify': async (_sender, [notice]) => {
      host.notify(notice);
      return undefined;
    },
    'calls.abort': async (sender, [callId]) => {
      const key = callKey(sender.key, callId);
      const call = abortable.get(key);
      if (call) call.abort();
      else {
        abortedEarly.add(key);
        if (abortedEarly.size > ABORTS_KEPT) abortedEarly.delete(abortedEarly.values().next().value!);
      }
      return undefined;
    },
  };
  const handlers: IpcHandlers = { ...adminHandlers, ...ownHandlers };

  return {
    handlers,
    dropWindow,
    dispose() {
      stopState();
      for (const key of [...subscriptions.keys()]) dropWindow(key);
    },
  };
}
