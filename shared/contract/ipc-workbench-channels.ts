// The IPC channels of the workbench: saving a table's (or the market series') CSV export (through
// the OS save dialog in the desktop app) and its progress. Spread into the channel table (ipc-table.ts).
import { z } from 'zod';
import { ExportList, ExportQuery } from './admin-export-routes.js';
import { defineIpcChannels } from './ipc-channels.js';

export const ExportOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), rows: z.number().int().nonnegative(), file: z.string() }),
  z.object({ ok: z.literal(false), reason: z.enum(['cancelled', 'failed']), message: z.string() }),
]);
export type ExportOutcome = z.output<typeof ExportOutcomeSchema>;

/** The file's name before its date, when it is not the export's (a chart's: 'gmv-and-orders'). */
export const ExportFileStem = z
  .string()
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes');

export const workbenchRequestChannels = defineIpcChannels({
  'exports.saveCsv': {
    kind: 'request',
    args: z.tuple([ExportList, ExportQuery, ExportFileStem.optional()]),
    result: ExportOutcomeSchema,
  },
});

export const ExportProgressSchema = z.object({ list: ExportList, rows: z.number().int().nonnegative() });

export const workbenchEventChannels = defineIpcChannels({
  'exports.progress': { kind: 'event', payload: ExportProgressSchema },
});
