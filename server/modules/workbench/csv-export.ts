// 'Export CSV' of an admin table: the header row of its column names, then every row matching the
// table's search in its sort, read from one database cursor and written as it comes, so a
// million rows stream in bounded memory. A client that goes away stops the reading.
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { EXPORT_COLUMNS, type ExportColumn } from '../../../shared/contract/export-columns.js';
import {
  AUDIT_EXPORT_FILTERS,
  MARKET_SERIES_EXPORT_FILTERS,
  type ExportQuery,
} from '../../../shared/contract/admin-export-routes.js';
import { SORT_KEYS, type ListName } from '../../../shared/contract/list-query.js';
import { csvLine, type CsvValue } from '../../../shared/rules/csv.js';
import type { Db } from '../../platform/db/database.js';
import { streamListItems, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { badRequest } from '../../platform/http/errors.js';
import { adminUsersSource } from '../accounts/index.js';
import { soldListingsSource } from '../orders/index.js';
import { activeListingsSource } from '../listings/index.js';
import { subcategoriesSource } from '../catalogue/index.js';
import { ratingsSource } from '../community/index.js';
import { auctionMessagesSource, chatMessagesSource, chatsSource } from '../conversations/index.js';
import { auditLogSource } from '../accountability/index.js';

type ExportStream = (db: Db, query: ExportQuery, onBatch: (items: unknown[]) => Promise<void>) => Promise<number>;

/**
 * A table's export: its list declaration streamed with the export's query. The query is the
 * table's own once checkExportQuery has refused a sort or filter the table does not offer.
 */
const exportOf =
  <Query extends ListQueryBase, Row, Item>(list: AdminList<Query, Row, Item>): ExportStream =>
  (db, query, onBatch) =>
    streamListItems(db, list, query as Query, onBatch);

const EXPORTS: Record<ListName, ExportStream> = {
  users: exportOf(adminUsersSource),
  activeListings: exportOf(activeListingsSource),
  soldListings: exportOf(soldListingsSource),
  subcategories: exportOf(subcategoriesSource),
  ratings: exportOf(ratingsSource),
  auctionMessages: exportOf(auctionMessagesSource),
  chats: exportOf(chatsSource),
  chatMessages: exportOf(chatMessagesSource),
  auditLog: exportOf(auditLogSource),
};

/** The export's sort must be one the table itself offers (400 otherwise, as its list answers). */
function checkExportQuery(list: ListName, query: ExportQuery): void {
  const keys: readonly string[] = SORT_KEYS[list];
  if (query.sortBy !== undefined && !keys.includes(query.sortBy)) {
    throw badRequest(`querystring/sortBy must be one of: ${keys.join(', ')}`);
  }
  const filter = AUDIT_EXPORT_FILTERS.find((key) => query[key] !== undefined);
  if (list !== 'auditLog' && filter) throw badRequest(`querystring/${filter} filters the audit log only`);
  const range = MARKET_SERIES_EXPORT_FILTERS.find((key) => query[key] !== undefined);
  if (range) throw badRequest(`querystring/${range} belongs to the market series export only`);
}

/** Hands the export's rows over, batch by batch; resolves once the client took each batch. */
export type CsvRows = (write: (rows: readonly (readonly CsvValue[])[]) => Promise<void>) => Promise<unknown>;

/**
 * A CSV as a stream: the header row, then each batch of rows `rows` hands over, written as the
 * client takes them; a failure part-way ends it with an error, never quietly. What every export
 * writes through (the tables here, the market series in market-health).
 */
export function csvStream(header: readonly string[], rows: CsvRows): Readable {
  const out = new PassThrough();
  out.write(csvLine(header));
  let stopped = false;
  out.on('close', () => {
    stopped = true;
  });
  void rows(async (batch) => {
    if (stopped) throw new Error('export: the client went away');
    if (!out.write(batch.map((row) => csvLine(row)).join(''))) {
      // Wait for the client to take the chunk (or leave); the listener that did not fire goes.
      const settled = new AbortController();
      const until = (event: string) => once(out, event, { signal: settled.signal }).catch(() => undefined);
      await Promise.race([until('drain'), until('close')]);
      settled.abort();
    }
  }).then(
    () => out.end(),
    (error: unknown) => {
      if (!stopped) out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}

/** The CSV of one list as a stream, read from one database cursor. */
export function exportCsv(db: Db, list: ListName, query: ExportQuery): Readable {
  checkExportQuery(list, query);
  const columns = EXPORT_COLUMNS[list] as ExportColumn<unknown>[];
  return csvStream(
    columns.map((column) => column.label),
    (write) =>
      EXPORTS[list](db, query, (items) => write(items.map((item) => columns.map((column) => column.value(item))))),
  );
}
