import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import electron from 'vite-plugin-electron/simple';
import renderer from './vite.renderer.config.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Packages main loads at run time from node_modules rather than from the bundle.
const external = ['electron', 'electron-store', 'electron-updater', 'firebase', 'socket.io-client', 'ky'];

// `npm run build`: renderer → dist/renderer, main and preload → dist-electron. Building never
// starts Electron, so it works where the Electron binary is absent.
export default mergeConfig(renderer, {
  plugins: [
    electron({
      main: {
        entry: here('./main/main.ts'),
        vite: { build: { outDir: here('./dist-electron'), rollupOptions: { external } } },
      },
      preload: {
        input: here('./preload/preload.ts'),
        vite: { build: { outDir: here('./dist-electron') } },
      },
    }),
  ],
});
