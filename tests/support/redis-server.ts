// A throwaway Redis for the tests and benchmarks that run several API nodes: no persistence, on a
// free port of 127.0.0.1 (Redis cannot listen on port 0), resolved once it accepts connections.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';

const REDIS_SERVER = 'redis-server';

export function redisAvailable(): boolean {
  return spawnSync(REDIS_SERVER, ['--version']).status === 0;
}

export async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const redis = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start within 10 s')), 10_000);
    let output = '';
    redis.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    redis.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output}`));
    });
  });
  return { url: `redis://127.0.0.1:${port}`, process: redis };
}
