// The application menu: the usual roles plus View ▸ Dark/Light mode and File ▸ New Window.
import { app, Menu, type MenuItemConstructorOptions } from 'electron';
import type { ColorMode } from '../shared/contract/market-api.js';

export function buildMenu(options: {
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode) => void;
  newWindow: () => void;
}): void {
  const mode = (value: ColorMode, label: string): MenuItemConstructorOptions => ({
    label,
    type: 'radio',
    checked: options.colorMode === value,
    click: () => options.setColorMode(value),
  });
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ label: app.name, role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Window', accelerator: 'CmdOrCtrl+N', click: options.newWindow },
        { type: 'separator' },
        process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        mode('dark', 'Dark Mode'),
        mode('light', 'Light Mode'),
        { type: 'separator' },
        { role: 'reload' },
        { role: 'forceReload' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'About Market Admin', role: 'about' }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
