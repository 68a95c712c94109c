// Builds window.market for the renderer. The desktop shell issue fills it from the IPC channel table.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('market', {});
