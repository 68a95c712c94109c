// The API's log leaves the process in batches. At `info` Fastify logs two lines per request, and
// pino's default destination writes each with a system call of its own: 13–18% of the API
// thread's busy time on a list or a lookup under load (ARCHITECTURE.md, "The API's own cost per
// request"). Lines are gathered instead and written together once `maxBytes` have gathered or
// `maxDelayMs` after the first, so a quiet API's lines still appear within a moment.
import { writeSync } from 'node:fs';

export interface LogLines {
  /** What pino calls with each line (a string ending in a newline). */
  write(line: string): void;
  /** Writes the gathered lines now (on close, and synchronously on exit). */
  flush(): void;
}

export interface BatchOptions {
  maxBytes?: number;
  maxDelayMs?: number;
}

/** `destination` is `process.stdout` (server.ts) or a file's stream (the benchmarks). */
export function batchedLogLines(
  destination: NodeJS.WritableStream & { fd?: number | null },
  { maxBytes = 64 * 1024, maxDelayMs = 50 }: BatchOptions = {},
): LogLines {
  let pending: string[] = [];
  let pendingBytes = 0;
  let timer: NodeJS.Timeout | null = null;
  const take = (): string => {
    const chunk = pending.join('');
    pending = [];
    pendingBytes = 0;
    if (timer) clearTimeout(timer);
    timer = null;
    return chunk;
  };
  const flush = () => {
    if (pending.length) destination.write(take());
  };
  // A process that exits (or crashes) before the timer fires still leaves its last lines: the
  // stream's own queue cannot be written then, the descriptor can.
  process.once('exit', () => {
    if (!pending.length) return;
    const chunk = take();
    if (typeof destination.fd === 'number') writeSync(destination.fd, chunk);
  });
  return {
    write(line) {
      pending.push(line);
      pendingBytes += line.length;
      if (pendingBytes >= maxBytes) flush();
      else timer ??= setTimeout(flush, maxDelayMs).unref();
    },
    flush,
  };
}
