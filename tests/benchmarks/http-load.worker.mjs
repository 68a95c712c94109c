// The admin benchmark's HTTP clients, in a thread of their own so they do not share the API's
// event loop: `clients` loops each send GET `url` (keep-alive) until `durationMs` is over, or
// `requests` in turn when given; a POST of `body` (JSON) instead when it is given. Every latency
// is returned (milliseconds).
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { fetch } = globalThis;

const { url, token, clients, durationMs, requests, body: sent } = workerData;
const headers =
  sent === undefined
    ? { authorization: `Bearer ${token}` }
    : { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const init = sent === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(sent) };
const latencies = [];
const failures = [];
let firstBody = null;

async function once() {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  latencies.push(performance.now() - started);
  if (response.status !== 200) failures.push(`${response.status} ${body.slice(0, 200)}`);
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
parentPort.postMessage({ latencies, failures, elapsedMs: performance.now() - started, firstBody });
