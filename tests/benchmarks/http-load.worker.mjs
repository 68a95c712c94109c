// The admin benchmark's HTTP clients, in a thread of their own so they do not share the API's
// event loop: `clients` loops each send GET `url` (keep-alive) until `durationMs` is over, or
// `requests` in turn when given; a POST of `body` (JSON) instead when it is given. Every latency
// is returned (milliseconds). node:http with a
// keep-alive agent rather than fetch: fetch cost the clients' thread 3–4× the CPU per request
// (0.10–0.16 ms against 0.04–0.06), taken from the two cores the API and PostgreSQL share, while
// pgbench's C client costs almost nothing.
import { Agent, request as send } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, clients, durationMs, requests, body: sent } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: clients });
const payload = sent === undefined ? undefined : JSON.stringify(sent);
const headers =
  payload === undefined
    ? { authorization: `Bearer ${token}` }
    : { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const method = payload === undefined ? 'GET' : 'POST';
const latencies = [];
const failures = [];
let firstBody = null;

/** One GET (or the POST of `body`): its status and body. */
function request() {
  return new Promise((resolve, reject) => {
    const sending = send(url, { agent, headers, method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
      response.on('error', reject);
    });
    sending.on('error', reject);
    sending.end(payload);
  });
}

async function once() {
  const started = performance.now();
  const { status, body } = await request();
  latencies.push(performance.now() - started);
  if (status !== 200) failures.push(`${status} ${body.slice(0, 200)}`);
  else if (firstBody === null) firstBody = body;
}

const started = performance.now();
if (requests) {
  for (let i = 0; i < requests; i++) await once();
} else {
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
}
agent.destroy();
parentPort.postMessage({ latencies, failures, elapsedMs: performance.now() - started, firstBody });
