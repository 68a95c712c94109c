// `npm start`: the local stack (Auth emulator + API on embedded PGlite, seeded on first run)
// and the desktop app. Where the Electron binary is missing (it cannot be downloaded on every
// machine) the same app runs in the browser host instead, and this says so.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const electronPath = 'node_modules/electron/path.txt';
const hasElectron =
  existsSync(electronPath) && existsSync(`node_modules/electron/dist/${readFileSync(electronPath, 'utf8').trim()}`);
const script = hasElectron ? 'dev' : 'dev:browser';
const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts ?? {};

if (!hasElectron) {
  console.log('The Electron binary is not installed (npm could not download it here);');
  console.log('starting the same app in the browser host instead: http://127.0.0.1:5173/');
}
if (!scripts[script]) {
  console.error(`npm run ${script} is not there yet; run the stack alone with: npm run stack`);
  process.exit(1);
}
const child = spawn('npm', ['run', script], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
