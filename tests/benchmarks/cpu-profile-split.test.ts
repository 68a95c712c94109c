// The split `bench:admin --cpu-prof` prints: a sample goes to the first part of the request found
// anywhere on its stack, so a socket write under the pg client is the statements' and zod under
// the reply's serializer is the answer's, and idle time or the profiler's own calls count for none.
import { describe, expect, it } from 'vitest';
import { type CpuProfile, splitProfile } from './cpu-profile-split.js';

const NM = 'file:///app/node_modules';
const frames: Record<string, { functionName: string; url: string }> = {
  root: { functionName: '(root)', url: '' },
  idle: { functionName: '(idle)', url: '' },
  gc: { functionName: '(garbage collector)', url: '' },
  ticks: { functionName: 'processTicksAndRejections', url: 'node:internal/process/task_queues' },
  handler: { functionName: 'loadAdminUser', url: 'file:///app/server/modules/accounts/user-admin.ts' },
  pgQuery: { functionName: 'query', url: `${NM}/pg/lib/client.js` },
  writev: { functionName: 'writev', url: '' },
  serialize: { functionName: 'serialize', url: `${NM}/fastify/lib/reply.js` },
  zodEncode: { functionName: 'safeEncode', url: `${NM}/fastify-type-provider-zod/dist/esm/core.js` },
  zodRun: { functionName: 'run', url: `${NM}/zod/v4/core/schemas.js` },
  validation: { functionName: 'validate', url: `${NM}/fastify/lib/validation.js` },
  pino: { functionName: 'LOG', url: `${NM}/pino/lib/tools.js` },
  guard: { functionName: 'verifiedCaller', url: 'file:///app/server/platform/auth/bearer.ts' },
  inspector: { functionName: 'post', url: 'node:inspector' },
};

/** A profile of one sample of 1 ms per stack (root first). */
function profileOf(stacks: string[][]): CpuProfile {
  const nodes: CpuProfile['nodes'] = [{ id: 1, callFrame: frames.root!, children: [] }];
  const samples: number[] = [];
  for (const stack of stacks) {
    let parent = nodes[0]!;
    for (const name of stack) {
      const id = nodes.length + 1;
      const node = { id, callFrame: frames[name]!, children: [] as number[] };
      nodes.push(node);
      parent.children!.push(id);
      parent = node;
    }
    samples.push(parent.id);
  }
  return { nodes, samples, timeDeltas: samples.map(() => 1000) };
}

describe('splitProfile', () => {
  it.each([
    { stack: ['ticks', 'handler', 'pgQuery', 'writev'], part: 'statements (pg, drizzle, row parsing)' },
    { stack: ['ticks', 'serialize', 'zodEncode', 'zodRun'], part: 'answer: check and serialise' },
    { stack: ['ticks', 'validation', 'zodRun'], part: 'request: parse and check (zod)' },
    { stack: ['ticks', 'handler', 'pino'], part: 'logging' },
    { stack: ['ticks', 'guard'], part: 'token and standing' },
    { stack: ['ticks', 'handler'], part: 'handlers (server/modules)' },
    { stack: ['ticks'], part: 'Fastify and node:http' },
    { stack: ['gc'], part: 'garbage collection' },
  ])('$stack is charged to $part', ({ stack, part }) => {
    expect([...splitProfile(profileOf([stack]))]).toEqual([[part, 1]]);
  });

  it('charges nothing for idle time or the profiler itself', () => {
    expect(splitProfile(profileOf([['idle'], ['ticks', 'inspector']])).size).toBe(0);
  });
});
