// Lint keeps raw IPC in the two adapter files (eslint.config.js): a rule that stops biting fails here.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ipcErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('raw IPC', () => {
  it.each([
    ['main/windows.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;"],
    ['main/menu.ts', "import { ipcMain as m } from 'electron/main';\nexport const x = m;"],
    ['main/updater.ts', 'export const f = (w: { webContents: { send(c: string): void } }) => w.webContents.send("x");'],
    ['main/updater.ts', 'export const f = (contents: { send(c: string): void }) => contents.send("x");'],
    ['preload/other.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;"],
  ])('is banned in %s: %s', async (file, code) => {
    expect(await ipcErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['main/ipc.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;"],
    ['preload/preload.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;"],
    ['main/windows.ts', "import { BrowserWindow } from 'electron';\nexport const x = BrowserWindow;"],
  ])('is allowed in %s', async (file, code) => {
    expect(await ipcErrors(file, code)).toEqual([]);
  });
});
