// Where an export is saved in the desktop app: the OS save dialog, attached to the window that
// asked, suggesting the Downloads folder; the chosen file is written as the export streams in.
import { app, BrowserWindow, dialog, type WebContents } from 'electron';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';

export async function chooseExportFile(
  contents: WebContents | undefined,
  suggestedName: string,
): Promise<{ sink: Writable; file: string } | null> {
  const options = {
    title: 'Export CSV',
    buttonLabel: 'Export',
    defaultPath: join(app.getPath('downloads'), suggestedName),
    filters: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[],
  };
  const window = contents ? BrowserWindow.fromWebContents(contents) : null;
  const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return null;
  const file = choice.filePath.toLowerCase().endsWith('.csv') ? choice.filePath : `${choice.filePath}.csv`;
  return { sink: createWriteStream(file), file };
}
