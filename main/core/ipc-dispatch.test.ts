// Every IPC channel: a foreign sender is rejected and bad args never reach core; good args
// from our own page do, parsed.
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  createIpcDispatcher,
  IpcRejected,
  isTrustedSender,
  type IpcHandlers,
  type IpcHandlerTable,
  type IpcSender,
  type TrustedPages,
} from './ipc-dispatch.js';
import type { AdminRouteName } from '../../shared/contract/admin-api.js';
import type { SignedInAdmin } from '../../shared/contract/entities.js';
import { IPC_REQUEST_NAMES, type IpcRequestName } from '../../shared/contract/ipc-table.js';
import type { ExportOutcome } from '../../shared/contract/ipc-workbench-channels.js';
import type { AdminCallResult } from '../../shared/contract/market-api.js';
import { sampleAdminInput } from '../../tests/desktop/fakes.js';

const pages: TrustedPages = {
  isOurWindow: (key) => key === 'win-1',
  origins: ['http://127.0.0.1:5173'],
  rendererDir: '/opt/Market Admin/resources/app.asar/dist/renderer',
};
const ours: IpcSender = { key: 'win-1', url: 'http://127.0.0.1:5173/dashboard/users', topFrame: true };
const foreignSenders: [string, IpcSender][] = [
  ['another web page', { ...ours, url: 'https://evil.example/' }],
  ['a window we did not open', { ...ours, key: 'win-9' }],
  ['an iframe in our window', { ...ours, topFrame: false }],
  ['a file outside our renderer', { ...ours, url: 'file:///tmp/evil.html' }],
  ['a look-alike origin', { ...ours, url: 'http://127.0.0.1:5174/' }],
  ['no URL', { ...ours, url: null }],
];

function validArgs(channel: IpcRequestName): unknown[] {
  if (channel.startsWith('admin.')) return [sampleAdminInput(channel.slice('admin.'.length) as AdminRouteName)];
  const samples: Record<string, unknown[]> = {
    'session.signIn': ['admin@market.test', 'admin-demo-pass'],
    'session.signOut': [],
    'session.current': [],
    'session.reauthenticate': ['admin-demo-pass'],
    'events.subscribe': ['s1', ['newMessage']],
    'events.unsubscribe': ['s1'],
    'events.connectionState': [],
    'windows.open': ['/dashboard/users?id=u1'],
    'exports.saveCsv': ['users', { search: 'ann', sortBy: 'email', order: 'ASC' }],
    'windows.notify': [{ title: 'High-priority case', body: 'venmo', route: '/dashboard/review/c1' }],
    'calls.abort': ['c1'],
  };
  return samples[channel]!;
}
const badArgs: [string, unknown][] = [
  ['no array', 'admin@market.test'],
  ['too many values', [1, 2, 3]],
  ['an unknown field', [{ unexpected: true }]],
  ['undefined', undefined],
];

function setup() {
  const calls: [IpcRequestName, unknown][] = [];
  const handlers: IpcHandlerTable = Object.fromEntries(
    IPC_REQUEST_NAMES.map((name) => [
      name,
      vi.fn(async (_sender: IpcSender, args: unknown) => {
        calls.push([name, args]);
        return 'handled';
      }),
    ]),
  );
  const dispatcher = createIpcDispatcher({
    handlers,
    isTrusted: (sender) => isTrustedSender(sender, pages),
    log: () => {},
  });
  return { dispatcher, calls };
}

describe.each(IPC_REQUEST_NAMES)('IPC channel %s', (channel) => {
  it.each(foreignSenders)('rejects %s', async (_, sender) => {
    const { dispatcher, calls } = setup();
    await expect(dispatcher.dispatch(channel, sender, validArgs(channel))).rejects.toMatchObject({
      reason: 'untrusted-sender',
    });
    expect(calls).toEqual([]);
  });

  it.each(badArgs)('keeps bad args (%s) from core', async (_, args) => {
    const { dispatcher, calls } = setup();
    await expect(dispatcher.dispatch(channel, ours, args)).rejects.toBeInstanceOf(IpcRejected);
    expect(calls).toEqual([]);
  });

  it('passes valid args from our own page to core', async () => {
    const { dispatcher, calls } = setup();
    expect(await dispatcher.dispatch(channel, ours, validArgs(channel))).toBe('handled');
    expect(calls.map(([name]) => name)).toEqual([channel]);
  });
});

describe('IPC dispatch', () => {
  it("holds each handler to its channel's declared result", () => {
    expectTypeOf<ReturnType<IpcHandlers['session.current']>>().toEqualTypeOf<Promise<SignedInAdmin | null>>();
    expectTypeOf<ReturnType<IpcHandlers['exports.saveCsv']>>().toEqualTypeOf<Promise<ExportOutcome>>();
    expectTypeOf<ReturnType<IpcHandlers['admin.users.get']>>().toEqualTypeOf<Promise<AdminCallResult<'users.get'>>>();
  });

  it('rejects a channel that is not in the table', async () => {
    const { dispatcher } = setup();
    await expect(dispatcher.dispatch('session.token', ours, [])).rejects.toMatchObject({ reason: 'unknown-channel' });
    await expect(dispatcher.dispatch('__proto__', ours, [])).rejects.toMatchObject({ reason: 'unknown-channel' });
  });

  it('trusts our packaged renderer file and nothing beside it', () => {
    const file = (path: string): IpcSender => ({ key: 'win-1', url: `file://${path}`, topFrame: true });
    expect(isTrustedSender(file('/opt/Market%20Admin/resources/app.asar/dist/renderer/index.html'), pages)).toBe(true);
    expect(isTrustedSender(file('/opt/Market%20Admin/resources/app.asar/dist/renderer-evil/index.html'), pages)).toBe(
      false,
    );
  });

  it('rejects windows.open routes that leave the app', async () => {
    const { dispatcher, calls } = setup();
    for (const route of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'dashboard']) {
      await expect(dispatcher.dispatch('windows.open', ours, [route])).rejects.toMatchObject({
        reason: 'invalid-args',
      });
    }
    expect(calls).toEqual([]);
  });
});
