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

export interface BlackHoleProxy {
  host: string;
  /**
   * From now on nothing gets through, in either direction, and nothing is closed: the
   * connections open stay open without a byte, new ones are accepted and never answered. What a
   * client sees of a database whose host died or whose network path dropped it.
   */
  blackHole(): void;
  /**
   * New connections go through again; those of before stay lost, silently (nothing closes
   * them): what a client sees when the path forgot them (a NAT or firewall entry gone).
   */
  restore(): void;
  close(): Promise<void>;
}

export async function startBlackHoleProxy(target: string): Promise<BlackHoleProxy> {
  const [targetHost, targetPort] = target.split(':') as [string, string];
  let holed = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const lost = new Set<Socket>();
  const server = createServer((client) => {
    track(client);
    if (holed) {
      lost.add(client); // held: no answer, ever
      return;
    }
    const upstream = createConnection({ host: targetHost, port: Number(targetPort) });
    track(upstream);
    const cut = () => holed || lost.has(client);
    upstream.on('error', () => cut() || client.destroy());
    client.on('error', () => cut() || upstream.destroy());
    // Bytes are dropped once cut (never buffered for later), and an end is not passed on.
    client.on('data', (chunk) => cut() || upstream.write(chunk));
    upstream.on('data', (chunk) => cut() || client.write(chunk));
    client.on('end', () => cut() || upstream.end());
    upstream.on('end', () => cut() || client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    blackHole() {
      holed = true;
      for (const socket of sockets) lost.add(socket);
    },
    restore() {
      holed = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
