// The API's log lines leave in batches: in order, none lost, within a moment when the API is quiet.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedLogLines } from './batched-log-lines.js';

function collected(): { stream: Writable; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return { stream, writes };
}

afterEach(() => vi.useRealTimers());

describe('batchedLogLines', () => {
  it('writes the lines of a busy moment together, in order, once enough have gathered', () => {
    const { stream, writes } = collected();
    const lines = batchedLogLines(stream, { maxBytes: 12, maxDelayMs: 1_000 });
    for (const line of ['a\n', 'bb\n', 'ccc\n', 'dddd\n']) lines.write(line);
    expect(writes).toEqual(['a\nbb\nccc\ndddd\n']);
  });

  it('writes a quiet moment’s lines after the delay, not before', () => {
    vi.useFakeTimers();
    const { stream, writes } = collected();
    const lines = batchedLogLines(stream, { maxBytes: 1_000, maxDelayMs: 50 });
    lines.write('incoming request\n');
    lines.write('request completed\n');
    vi.advanceTimersByTime(49);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['incoming request\nrequest completed\n']);
  });

  it('writes what has gathered at once when flushed (the server closing)', () => {
    vi.useFakeTimers();
    const { stream, writes } = collected();
    const lines = batchedLogLines(stream, { maxBytes: 1_000, maxDelayMs: 50 });
    lines.write('closing\n');
    lines.flush();
    expect(writes).toEqual(['closing\n']);
    vi.advanceTimersByTime(100);
    lines.flush();
    expect(writes).toEqual(['closing\n']);
  });
});
