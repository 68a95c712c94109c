// A system notification for each new high-priority case, and for each high-priority case that
// became overdue, when the moderator opted in (Settings).
// The host shows it (`market.windows.notify`): Electron's Notification in main, the Web
// Notification API in the browser host; clicking it brings a window forward on the case.
// The opt-in asks the renderer's notification permission, which Electron grants by default.
import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import { SUPPORT_SOURCES, type ReviewCase } from '../../../shared/contract/review-cases.js';
import { hasMarket, market } from '../../bridge.js';
import { SOURCE_LABELS } from './review-display.js';

const KEY = 'reviewAlerts';

type Permission = 'default' | 'denied' | 'granted' | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;
const permissionNow = (): Permission => (supported() ? Notification.permission : 'unsupported');

export const alertsStore = createStore<{ enabled: boolean; permission: Permission }>()(() => ({
  enabled: typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === 'on',
  permission: permissionNow(),
}));

/** Turns the alerts on (asking the system's permission first) or off; remembered on this computer. */
export async function setAlertsEnabled(enabled: boolean): Promise<void> {
  let permission = permissionNow();
  if (enabled && permission === 'default') permission = await Notification.requestPermission();
  const on = enabled && permission === 'granted';
  localStorage.setItem(KEY, on ? 'on' : 'off');
  alertsStore.setState({ enabled: on, permission });
}

export const useAlerts = () => useStore(alertsStore);

/** The route that opens a case: the support queue's for support sources, else the review queue's. */
export function caseRoute(item: Pick<ReviewCase, 'id' | 'source'>): string {
  const support = (SUPPORT_SOURCES as readonly string[]).includes(item.source);
  return `${support ? '/dashboard/customer-support' : '/dashboard/review'}/${item.id}`;
}

/** How often the overdue high-priority cases are looked for. */
export const OVERDUE_CHECK_MS = 60_000;

/**
 * The high-priority cases that became overdue since the last look, each told once per window:
 * the soonest due unresolved high cases, read from the queue's own list route.
 */
async function alertOverdue(told: Set<string>): Promise<void> {
  if (!alertsStore.getState().enabled) return;
  const result = await market.admin.reviewCases.list({
    query: { status: 'open,claimed', priority: 'high', sortBy: 'dueAt', order: 'ASC', limit: 20 },
  });
  if (!result.ok) return;
  for (const item of result.data.items.filter((row) => row.overdue && !told.has(row.id))) {
    told.add(item.id);
    await market.windows.notify({
      title: `Overdue high-priority case: ${SOURCE_LABELS[item.source]}`,
      body: [item.reason, item.excerpt].filter(Boolean).join('\n').slice(0, 200),
      route: caseRoute(item),
    });
  }
}

/** Mounted once while signed in (the sidebar's badge): asks the host to show the alerts. */
export function useHighPriorityAlerts(): void {
  useEffect(() => {
    if (!hasMarket()) return;
    const told = new Set<string>();
    const look = () =>
      void alertOverdue(told).catch((error: unknown) => console.error('Error showing a notification', error));
    look();
    const timer = setInterval(look, OVERDUE_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!hasMarket()) return;
    return market.events.subscribe(['reviewCaseOpened'], (event) => {
      const item = event.payload as ReviewCase;
      if (!alertsStore.getState().enabled || item.priority !== 'high') return;
      void market.windows
        .notify({
          title: `High-priority case: ${SOURCE_LABELS[item.source]}`,
          body: [item.reason, item.excerpt].filter(Boolean).join('\n').slice(0, 200),
          route: caseRoute(item),
        })
        .catch((error: unknown) => console.error('Error showing a notification', error));
    });
  }, []);
}
