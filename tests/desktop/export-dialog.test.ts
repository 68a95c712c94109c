// The Electron glue of 'Export CSV', with `electron` mocked at the adapter edge: the OS save
// dialog is attached to the asking window and suggests Downloads; a cancel saves nothing.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  showSaveDialog: vi.fn(),
  fromWebContents: vi.fn(),
  getPath: vi.fn(() => '/home/agent/Downloads'),
}));
vi.mock('electron', () => {
  const module = {
    app: { getPath: electron.getPath },
    BrowserWindow: { fromWebContents: electron.fromWebContents },
    dialog: { showSaveDialog: electron.showSaveDialog },
  };
  return { ...module, default: module };
});

const { chooseExportFile } = await import('../../main/export-dialog.js');

describe('the export save dialog', () => {
  beforeEach(() => vi.clearAllMocks());

  it('asks on the window that exported, in Downloads, and writes where the admin chose', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'export-dialog-'));
    const window = { id: 7 };
    electron.fromWebContents.mockReturnValue(window);
    electron.showSaveDialog.mockResolvedValue({ canceled: false, filePath: join(dir, 'users') });

    const target = await chooseExportFile({ id: 3 } as never, 'users-2026-11-23.csv');

    expect(electron.showSaveDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({
        defaultPath: '/home/agent/Downloads/users-2026-11-23.csv',
        filters: [expect.objectContaining({ extensions: ['csv'] })],
      }),
    );
    expect(target?.file).toBe(join(dir, 'users.csv'));
    target!.sink.end('Id\r\nu1\r\n');
    await new Promise((resolve) => target!.sink.on('finish', resolve));
    expect(await readFile(join(dir, 'users.csv'), 'utf8')).toBe('Id\r\nu1\r\n');
  });

  it('saves nothing when the admin cancels', async () => {
    electron.fromWebContents.mockReturnValue(null);
    electron.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });
    expect(await chooseExportFile(undefined, 'chats.csv')).toBeNull();
    expect(electron.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ title: 'Export CSV' }));
  });
});
