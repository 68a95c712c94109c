import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import electron from 'vite-plugin-electron/simple';
import renderer from './vite.renderer.config.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Packages main loads at run time from node_modules rather than from the bundle.
// Subpaths too (`firebase/auth`): Node then resolves the SDK's own node build at run time.
const runtimePackages = ['electron', 'electron-store', 'electron-updater', 'firebase', 'socket.io-client', 'ky'];
const external = (id: string) => runtimePackages.some((name) => id === name || id.startsWith(`${name}/`));

// `npm run build`: renderer → dist/renderer, main and preload → dist-electron. Building never
// starts Electron, so it works where the Electron binary is absent.
export default mergeConfig(renderer, {
  plugins: [
    electron({
      main: {
        entry: here('./main/main.ts'),
        vite: { build: { outDir: here('./dist-electron'), rolldownOptions: { external } } },
      },
      // A sandboxed preload must be one CommonJS file: everything bundled but electron, and
      // named .cjs because package.json says "type": "module". main/windows.ts loads preload.cjs.
      preload: {
        input: here('./preload/preload.ts'),
        vite: {
          build: {
            outDir: here('./dist-electron'),
            rolldownOptions: {
              external: ['electron'],
              output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
            },
          },
        },
      },
    }),
  ],
});
