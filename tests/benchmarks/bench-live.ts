// `npm run bench:live [-- --clients 100 --events 2000 --rounds 5]`: a burst of admin events to
// `/admin` Socket.IO clients, fanned out by the API's own realtime layer (attachRealtime and its
// publisher, payload validation off as in production), against a raw `ws` server sending the same
// frames to as many clients; then two API nodes sharing a throwaway Redis (the streams adapter),
// the second in a process of its own (live-node.ts) as in a deployment, half the clients on each,
// against one node. Deliveries per second, medians over the rounds, and their ratios (targets
// ≥ 0.9×), printed, never failed on; a lost event is a failure.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { WebSocketServer } from 'ws';
import { startRedis } from '../support/redis-server.js';
import { listen, realtimeNode } from './live-node.js';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '100' },
    events: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
  },
});
const CLIENTS = Number(values.clients);
const EVENTS = Number(values.events);
const ROUNDS = Number(values.rounds);

const now = () => performance.timeOrigin + performance.now();
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** Receiving clients in a worker; `burst` sends and resolves with deliveries per second. */
async function clientsOf(kind: 'socketio' | 'ws', urls: string[]) {
  const worker = new Worker(new URL('./live-clients.worker.mjs', import.meta.url), {
    workerData: { kind, urls, clients: CLIENTS, expected: EVENTS, token: 'bench' },
  });
  const next = (type: string) =>
    new Promise<{ type: string; at?: number }>((resolve, reject) => {
      const onMessage = (message: { type: string; at?: number }) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  await next('ready');
  return {
    async burst(send: () => void): Promise<number> {
      worker.postMessage('reset');
      await next('reset');
      const done = next('done');
      const started = now();
      send();
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${kind}: not every event arrived within 60 s`)), 60_000),
      );
      const { at } = await Promise.race([done, timeout]);
      return (CLIENTS * EVENTS) / ((at! - started) / 1000);
    },
    async close() {
      worker.postMessage('close');
      await next('closed');
      await worker.terminate();
    },
  };
}

/** A second node in a child process (tsx, like this script), answering with its URL. */
async function nodeProcess(redisUrl: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, new URL('./live-node.ts', import.meta.url).pathname, redisUrl],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8');
    child.stdout!.once('data', (line: string) => resolve(line.trim()));
    child.once('exit', (code) => reject(new Error(`live-node.ts exited with ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function measure(label: string, send: () => void, clients: Awaited<ReturnType<typeof clientsOf>>) {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) rates.push(await clients.burst(send));
  const rate = median(rates);
  console.log(`  ${label}: ${rate.toFixed(0)} deliveries/s (rounds: ${rates.map((r) => r.toFixed(0)).join(', ')})`);
  return rate;
}

const ids = Array.from({ length: EVENTS }, (_, i) => `event-${i}`);

// One node of ours.
const single = await realtimeNode();
const ourClients = await clientsOf('socketio', [single.url]);
const ours = await measure(
  `Socket.IO /admin, one node, ${CLIENTS} clients × ${EVENTS} events`,
  () => {
    for (const id of ids) single.realtime.publishAdmin('messageDeleted', { id });
  },
  ourClients,
);
await ourClients.close();
await single.realtime.close();
single.server.close();

// A raw ws server sending the same frames Socket.IO would.
const rawServer = createServer();
const wss = new WebSocketServer({ server: rawServer });
const rawUrl = await listen(rawServer);
const rawClients = await clientsOf('ws', [rawUrl]);
const raw = await measure(
  `raw ws, ${CLIENTS} clients × ${EVENTS} events`,
  () => {
    for (const id of ids) {
      const frame = `42/admin,${JSON.stringify(['messageDeleted', { id }])}`;
      for (const client of wss.clients) client.send(frame);
    }
  },
  rawClients,
);
await rawClients.close();
wss.close();
rawServer.close();

// Two nodes on a throwaway Redis, against one node on the same Redis.
const redis = await startRedis();
const redisUrl = redis.url;
let oneNode: number;
let twoNodes: number;
try {
  const a = await realtimeNode(redisUrl);
  const b = await nodeProcess(redisUrl);
  const oneClients = await clientsOf('socketio', [a.url]);
  oneNode = await measure(
    `Redis streams adapter, one node, ${CLIENTS} clients`,
    () => {
      for (const id of ids) a.realtime.publishAdmin('messageDeleted', { id });
    },
    oneClients,
  );
  await oneClients.close();
  const twoClients = await clientsOf('socketio', [a.url, b.url]);
  twoNodes = await measure(
    `Redis streams adapter, two nodes (published on one), ${CLIENTS} clients`,
    () => {
      for (const id of ids) a.realtime.publishAdmin('messageDeleted', { id });
    },
    twoClients,
  );
  await twoClients.close();
  b.stop();
  await a.realtime.close();
  a.server.close();
} finally {
  redis.process.kill();
}

console.log(`\nSocket.IO vs raw ws: ${(ours / raw).toFixed(2)}× (target ≥ 0.9×)`);
console.log(`two nodes vs one (Redis streams): ${(twoNodes / oneNode).toFixed(2)}× (target ≥ 0.9×)`);
process.exit(0);
