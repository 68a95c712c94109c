// The live benchmark's receiving clients, on a thread of their own (the servers' event loops only
// serve): `clients` Socket.IO clients of `/admin` or raw `ws` clients, spread over `urls`. After
// 'ready' each counts the events it receives; when every client has `expected` the thread posts
// the time of the last one (epoch milliseconds).
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const { kind, urls, clients, expected, token } = workerData;
let received = 0;
const total = clients * expected;
const now = () => performance.timeOrigin + performance.now();
const onEvent = () => {
  received++;
  if (received === total) parentPort.postMessage({ type: 'done', at: now() });
};

const sockets = [];
await Promise.all(
  Array.from({ length: clients }, (_, i) => {
    const url = urls[i % urls.length];
    return new Promise((resolve, reject) => {
      if (kind === 'socketio') {
        const socket = io(`${url}/admin`, { auth: { token }, transports: ['websocket'], reconnection: false });
        socket.on('messageDeleted', onEvent);
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
        sockets.push(socket);
      } else {
        const socket = new WebSocket(url.replace(/^http/, 'ws'));
        socket.on('message', onEvent);
        socket.once('open', resolve);
        socket.once('error', reject);
        sockets.push(socket);
      }
    });
  }),
);
parentPort.on('message', (message) => {
  if (message === 'reset') {
    received = 0;
    parentPort.postMessage({ type: 'reset' });
  }
  if (message === 'close') {
    for (const socket of sockets) {
      if (kind === 'socketio') socket.disconnect();
      else socket.close();
    }
    parentPort.postMessage({ type: 'closed' });
  }
});
parentPort.postMessage({ type: 'ready' });
