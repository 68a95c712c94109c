// A TCP port free on 127.0.0.1 right now: the OS picks one for a probe server, which closes
// before the port is handed out (a throwaway PostgreSQL, Redis or emulator then listens on it).
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
