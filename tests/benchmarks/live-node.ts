// One API node's realtime layer as `npm run bench:live` measures it: attachRealtime with payload
// validation off (as in production) and every client an admin. bench-live.ts runs its nodes
// through `realtimeNode`; run as a script (`tsx live-node.ts <redis url>`) it is the second node,
// in a process of its own as in a deployment, printing its URL and serving until killed. That
// node only delivers: the burst is published on the first node and reaches it through Redis.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachRealtime, type Realtime } from '../../server/platform/realtime/attach-realtime.js';

export async function listen(server: HttpServer): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function realtimeNode(
  redisUrl?: string,
): Promise<{ url: string; realtime: Realtime; server: HttpServer }> {
  const server = createServer();
  const realtime = await attachRealtime(server, {
    verifyToken: async () => ({ uid: 'bench-admin', admin: true }),
    validatePayloads: false,
    ...(redisUrl ? { redisUrl } : {}),
  });
  return { url: await listen(server), realtime, server };
}

if (process.argv[1]?.replace(/\\/g, '/').endsWith('tests/benchmarks/live-node.ts')) {
  const redisUrl = process.argv[2];
  if (!redisUrl) throw new Error('usage: tsx tests/benchmarks/live-node.ts <redis url>');
  const { url, realtime } = await realtimeNode(redisUrl);
  console.log(url);
  process.once('SIGTERM', () => {
    void realtime.close().finally(() => process.exit(0));
  });
}
