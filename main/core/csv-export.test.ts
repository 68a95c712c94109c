// Saving an export in main: the API's stream is written to the chosen file as it comes, rows
// are counted (a quoted line break is not a row), and a refusal or a broken stream is a failure.
import { mkdtemp, readFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminDownload } from './api-client.js';
import { CsvRecordCounter, saveListExport, suggestedExportName } from './csv-export.js';

const csv = 'Id,Message\r\nm1,"two\r\nlines"\r\nm2,"say ""hi"""\r\nm3,plain\r\n';

function streamOf(parts: string[], failAfter?: number): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (failAfter !== undefined && i === failAfter) return controller.error(new Error('socket hang up'));
      if (i >= parts.length) return controller.close();
      controller.enqueue(new TextEncoder().encode(parts[i++]));
    },
  });
}

const downloadOf =
  (body: () => ReadableStream<Uint8Array>): AdminDownload =>
  async () => ({ ok: true, data: new Response(body()) });

async function target() {
  const file = join(await mkdtemp(join(tmpdir(), 'export-')), 'chat-messages.csv');
  return { file, sink: createWriteStream(file) };
}

describe('saving a CSV export', () => {
  it('counts records across chunks, a quoted line break included in its field', () => {
    const counter = new CsvRecordCounter();
    for (const part of [csv.slice(0, 20), csv.slice(20, 23), csv.slice(23)]) counter.push(part);
    expect(counter.records).toBe(4);
  });

  it('writes the whole file and reports its rows', async () => {
    const { file, sink } = await target();
    const progress: number[] = [];
    const outcome = await saveListExport(
      downloadOf(() => streamOf([csv.slice(0, 17), csv.slice(17)])),
      'chatMessages',
      {},
      sink,
      file,
      (rows) => progress.push(rows),
    );
    expect(outcome).toEqual({ ok: true, rows: 3, file });
    expect(await readFile(file, 'utf8')).toBe(csv);
    expect(progress.at(-1)).toBe(3);
  });

  it('says the file is incomplete when the stream breaks', async () => {
    const { file, sink } = await target();
    const outcome = await saveListExport(
      downloadOf(() => streamOf([csv], 1)),
      'chatMessages',
      {},
      sink,
      file,
      () => {},
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'failed', message: expect.stringMatching(/incomplete/) });
  });

  it('passes on the API refusal', async () => {
    const { file, sink } = await target();
    const refuse: AdminDownload = async () => ({
      ok: false,
      error: { status: 400, code: 'Bad Request', message: 'querystring/sortBy must be one of: createdAt' },
    });
    expect(await saveListExport(refuse, 'chats', { sortBy: 'email' }, sink, file, () => {})).toEqual({
      ok: false,
      reason: 'failed',
      message: 'querystring/sortBy must be one of: createdAt',
    });
  });

  it('suggests the table and the date as the file name', () => {
    expect(suggestedExportName('users', new Date('2026-11-23T10:00:00Z'))).toBe('users-2026-11-23.csv');
  });
});
