// A TCP proxy a test can pause: while paused it accepts connections and holds them without an
// answer, as a stalled provider would (never the shared emulator itself, which other suites use).
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface PausableProxy {
  host: string;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startPausableProxy(target: string): Promise<PausableProxy> {
  const [targetHost, targetPort] = target.split(':') as [string, string];
  let paused = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (paused) return; // held: no answer, ever
    const upstream = createConnection({ host: targetHost, port: Number(targetPort) });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    pause() {
      paused = true;
      // Connections kept alive from before would still forward: cut them.
      for (const socket of sockets) socket.destroy();
    },
    resume() {
      paused = false;
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
