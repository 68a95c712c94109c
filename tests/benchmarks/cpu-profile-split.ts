// Where a request's CPU time goes, from a V8 CPU profile (`.cpuprofile`) of the API's thread
// under load: each sample is charged to the first part in REQUEST_PARTS whose code is anywhere
// on its stack (a builtin such as JSON.stringify or a socket's writev has no frame of its own
// worth naming, so it goes to whoever called it: zod's encoder, the pg client, Fastify's reply).
// Used by `bench:admin --cpu-prof` for the split in ARCHITECTURE.md ("The API's own cost per
// request").

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A part of the request, recognised by where its code lives. */
export interface ProfilePart {
  part: string;
  matches: (frame: CpuProfileNode['callFrame']) => boolean;
}

const inPackage = (name: string) => (frame: CpuProfileNode['callFrame']) =>
  frame.url.includes(`/node_modules/${name}/`);
const inFile = (pattern: RegExp) => (frame: CpuProfileNode['callFrame']) => pattern.test(frame.url);

/**
 * The parts, most specific first: the first whose code is on a sample's stack takes it. zod
 * under the reply's serializer is the answer's check, so the answer comes before the request's
 * zod; the pg client under a handler is the statements, so they come before the handlers; every
 * stack has node: frames at its root, so Fastify and node:http come last.
 */
export const REQUEST_PARTS: readonly ProfilePart[] = [
  {
    part: 'logging',
    matches: (f) => ['pino', 'pino-std-serializers', 'sonic-boom', 'thread-stream'].some((p) => inPackage(p)(f)),
  },
  {
    part: 'token and standing',
    matches: (f) =>
      ['firebase-admin', 'jose', 'jsonwebtoken', 'jws', 'jwa'].some((p) => inPackage(p)(f)) ||
      inFile(/server\/platform\/auth\//)(f),
  },
  { part: 'rate limiter', matches: inPackage('@fastify/rate-limit') },
  {
    part: 'answer: send (socket write)',
    matches: (f) =>
      inFile(/\/node_modules\/fastify\/lib\/reply\.js/)(f) && ['onSendEnd', 'writePayload'].includes(f.functionName),
  },
  {
    part: 'answer: check and serialise',
    matches: (f) =>
      inFile(/fastify-type-provider-zod\/.*core\.js/)(f) ||
      inPackage('fast-json-stringify')(f) ||
      (inFile(/\/node_modules\/fastify\/lib\/reply\.js/)(f) && f.functionName === 'serialize'),
  },
  { part: 'rows into answers (dates, money)', matches: inFile(/server\/platform\/db\/values\.ts/) },
  {
    part: 'statements (pg, drizzle, row parsing)',
    matches: (f) =>
      ['pg', 'pg-protocol', 'pg-pool', 'pg-types', 'postgres-array', 'drizzle-orm'].some((p) => inPackage(p)(f)) ||
      inFile(/server\/platform\/db\//)(f),
  },
  { part: 'request: parse and check (zod)', matches: inPackage('zod') },
  { part: 'handlers (server/modules)', matches: inFile(/\/server\/(modules|admin-api)/) },
  {
    part: 'Fastify and node:http',
    matches: (f) =>
      ['fastify', 'find-my-way', 'avvio', 'light-my-request', '@fastify', 'fast-querystring'].some((p) =>
        inPackage(p)(f),
      ) || f.url.startsWith('node:'),
  },
];

const UNCHARGED = new Set(['(idle)', '(program)', '(root)']);
/** The profiler's own start and stop (node:inspector's `post`) are not the API's. */
const isProfilerCall = (frame: CpuProfileNode['callFrame']) => frame.url === 'node:inspector';

/** Milliseconds per part (`other` for the rest, `garbage collection` for V8's GC); idle is left out. */
export function splitProfile(profile: CpuProfile, parts: readonly ProfilePart[] = REQUEST_PARTS): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOfNode = new Map<number, string | null>();
  const partOf = (id: number): string | null => {
    const known = partOfNode.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    let part: string | null;
    if (name === '(garbage collector)') part = 'garbage collection';
    else if (UNCHARGED.has(name)) part = null;
    else {
      const stack: CpuProfileNode['callFrame'][] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
      part = stack.some(isProfilerCall)
        ? null
        : (parts.find((candidate) => stack.some((frame) => candidate.matches(frame)))?.part ?? 'other');
    }
    partOfNode.set(id, part);
    return part;
  };
  const split = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = partOf(id);
    if (part === null) return;
    split.set(part, (split.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return split;
}

/** The split as shares of the busy time, largest first: `[part, share]`. */
export function shares(split: Map<string, number>): [string, number][] {
  const total = [...split.values()].reduce((sum, ms) => sum + ms, 0);
  return [...split.entries()].sort((a, b) => b[1] - a[1]).map(([part, ms]) => [part, total ? ms / total : 0]);
}
