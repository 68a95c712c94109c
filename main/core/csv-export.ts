// Saving an admin table's (or the market series') CSV export: the API streams the file, this writes it to where the
// admin chose as it arrives (never the whole file in memory) and reports how many rows are in.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExportName, ExportQuery } from '../../shared/contract/admin-export-routes.js';
import type { ExportOutcome } from '../../shared/contract/ipc-workbench-channels.js';
import type { AdminDownload } from './api-client.js';

/**
 * Counts CSV records across chunks: a line break inside a quoted field (a message written on
 * two lines) is part of its field, not a new row.
 */
export class CsvRecordCounter {
  records = 0;
  private quoted = false;

  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      if (char === 34 /* " */) this.quoted = !this.quoted;
      else if (char === 10 /* \n */ && !this.quoted) this.records++;
    }
  }
}

/** The file name the save dialog suggests: the table (or the name the app gave) and today's date. */
export function suggestedExportName(stem: string, today = new Date()): string {
  return `${stem}-${today.toISOString().slice(0, 10)}.csv`;
}

const PROGRESS_EVERY_MS = 200;

/**
 * Streams the export of `list` into `sink` (closed at the end), calling `onProgress` with the
 * data rows written so far. A refusal or a broken stream is a failure, never a short file
 * passed off as whole.
 */
export async function saveListExport(
  download: AdminDownload,
  list: ExportName,
  query: ExportQuery,
  sink: Writable,
  file: string,
  onProgress: (rows: number) => void,
): Promise<ExportOutcome> {
  const answer = await download('exports.csv', { params: { list }, query });
  if (!answer.ok) {
    sink.destroy();
    return { ok: false, reason: 'failed', message: answer.error.message };
  }
  const counter = new CsvRecordCounter();
  const decoder = new TextDecoder();
  let lastReport = 0;
  try {
    const body = answer.data.body;
    if (!body) throw new Error('The server sent no file.');
    for await (const chunk of body) {
      counter.push(decoder.decode(chunk, { stream: true }));
      if (!sink.write(chunk)) await once(sink, 'drain');
      if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
        lastReport = Date.now();
        onProgress(Math.max(0, counter.records - 1));
      }
    }
    sink.end();
    await once(sink, 'finish');
  } catch (error) {
    sink.destroy();
    return {
      ok: false,
      reason: 'failed',
      message: `The export stopped part-way and the file is incomplete: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const rows = Math.max(0, counter.records - 1);
  onProgress(rows);
  return { ok: true, rows, file };
}
