// Admin tables: the registry of the back-office's lists and the screen scaffold built from it.
export { ADMIN_TABLES, type AuditLogFilters, type ReviewCaseFilters } from './registry.js';
export type {
  AdminTable,
  ColumnsOf,
  RecordRoute,
  RecordTable,
  RowDelete,
  SortKeyOf,
  TableName,
} from './admin-table.js';
export { AdminTableScreen, type AdminTableScreenProps } from './AdminTableScreen.js';
