import { describe, expect, it } from 'vitest';
import { EXPORT_LISTS } from '../../shared/contract/admin-export-routes.js';
import { ADMIN_EVENT_TABLE } from '../../shared/contract/realtime-events.js';
import { ADMIN_TABLES } from './registry.js';

const tables = Object.values(ADMIN_TABLES);

describe('the registry of admin tables', () => {
  it('each table is registered under its own name', () => {
    for (const [key, table] of Object.entries(ADMIN_TABLES)) expect(table.name).toBe(key);
  });

  it('exports through the API only lists the export route knows, under their own name', () => {
    for (const table of tables) {
      if (table.exportList) expect(EXPORT_LISTS).toContain(table.exportList);
      if (table.exportList) expect(table.exportList).toBe(table.name);
    }
    // The audit log writes its own CSV; the queues are not exported.
    expect(ADMIN_TABLES.auditLog.exportList).toBeUndefined();
    expect(ADMIN_TABLES.reviewCases.exportList).toBeUndefined();
  });

  it('every table the admin events feed is live, fed by its own events', () => {
    const fed = new Set<string>(Object.values(ADMIN_EVENT_TABLE));
    for (const table of tables) {
      expect(Boolean(table.feed), table.name).toBe(fed.has(table.name));
      if (table.feed) expect(table.feed.table).toBe(table.name);
    }
  });

  it('bulk delete is offered only where a row can be deleted', () => {
    const bulk = tables.filter((table) => table.remove?.many).map((table) => table.name);
    expect(bulk.sort()).toEqual(['auctionMessages', 'chatMessages', 'chats', 'ratings']);
  });
});
