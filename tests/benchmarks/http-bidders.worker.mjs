// The HTTP side's bidders (tests/benchmarks/bidding-bench.ts), on a thread of their own as
// pgbench's clients are a process of their own: the server's event loop serves requests and
// nothing else, as it would for remote clients. Each bidder does what a pgbench client does
// (see "The bidders" there): read the leader's maximum on its own connection, bid one to four
// increments above it with a real `POST /v1/bid` on a keep-alive connection of its own, wait for
// the answer, again until the deadline. Plain JavaScript, so tsx and vitest both run it as is.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

/** @type {{ databaseUrl: string, apiPort: number, auctionIds: string[], bidderIds: string[], durationMs: number, increments: {fromCents: number, incrementCents: number}[], bidderRead: string }} */
const options = workerData;

const incrementOf = (cents) => {
  let increment = options.increments[0].incrementCents;
  for (const band of options.increments) {
    if (cents < band.fromCents) break;
    increment = band.incrementCents;
  }
  return increment;
};
const nextMaxCents = (leaderMaxCents) =>
  leaderMaxCents + incrementOf(leaderMaxCents) * (1 + Math.floor(Math.random() * 4));

function post(agent, bidderId, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: options.apiPort,
        method: 'POST',
        path: '/v1/bid',
        agent,
        headers: {
          authorization: `Bearer bench-${bidderId}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const clients = await Promise.all(
  options.bidderIds.map(async () => {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    return client;
  }),
);
// One keep-alive connection per bidder, opened before the clock starts.
const agents = options.bidderIds.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
await Promise.all(
  agents.map(
    (agent) =>
      new Promise((resolve) => {
        const request = http.request(
          { host: '127.0.0.1', port: options.apiPort, path: '/v1/bid/latest/warm', agent },
          (response) => {
            response.resume();
            response.on('end', resolve);
          },
        );
        request.on('error', resolve);
        request.end();
      }),
  ),
);

const receipts = [];
const errors = [];
let refused = 0;
parentPort.postMessage({ type: 'ready' });
await new Promise((resolve) => parentPort.once('message', resolve));

const started = performance.now();
const deadline = started + options.durationMs;
await Promise.all(
  clients.map(async (client, index) => {
    const bidderId = options.bidderIds[index];
    while (performance.now() < deadline) {
      const listingId = options.auctionIds[Math.floor(Math.random() * options.auctionIds.length)];
      try {
        const read = await client.query(options.bidderRead, [listingId]);
        const maxCents = nextMaxCents(Number(read.rows[0].leader_max_cents));
        const answer = await post(agents[index], bidderId, { listingId, amount: maxCents / 100 });
        if (answer.status === 409) refused += 1;
        else if (answer.status === 200) receipts.push(JSON.parse(answer.text));
        else throw new Error(`POST /bid answered ${answer.status}: ${answer.text}`);
      } catch (error) {
        errors.push(String(error));
        if (errors.length > 20) return;
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await Promise.all(clients.map((client) => client.end()));
for (const agent of agents) agent.destroy();
parentPort.postMessage({ type: 'done', receipts, refused, seconds, errors });
