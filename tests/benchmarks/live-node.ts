// A second API node for `npm run bench:live`, in a process of its own as in a deployment: the
// API's realtime layer on the shared Redis (argv[2]), printing its URL, serving until killed.
// It only delivers: the burst is published on the first node and reaches this one through Redis.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachRealtime } from '../../server/platform/realtime/attach-realtime.js';

const redisUrl = process.argv[2];
if (!redisUrl) throw new Error('usage: tsx tests/benchmarks/live-node.ts <redis url>');
const server = createServer();
const realtime = await attachRealtime(server, {
  verifyToken: async () => ({ uid: 'bench-admin', admin: true }),
  validatePayloads: false,
  redisUrl,
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
process.once('SIGTERM', () => {
  void realtime.close().finally(() => process.exit(0));
});
