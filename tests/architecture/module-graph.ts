// The server's areas as a graph, read from the code itself: which area imports which (type-only
// imports included, since they tie the areas together just the same), and the cycles among them.
// The architecture tests build it; ARCHITECTURE.md ("Areas and layers") draws what it must be.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SERVER = path.resolve(import.meta.dirname, '../../server');
export const MODULES = path.join(SERVER, 'modules');

/** Every non-test TypeScript file under `dir`, as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

/** The area a file of `server/modules/<area>/…` belongs to, or null outside the modules. */
export function areaOf(file: string): string | null {
  const relative = path.relative(MODULES, file);
  if (relative.startsWith('..') || !relative.includes(path.sep)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** The relative files a source imports or re-exports (static, dynamic and type-only), resolved. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name.replace(/\.js$/, '.ts')));
}

/** One area's dependency on another, with the file that makes it (for the failure message). */
export interface AreaEdge {
  from: string;
  to: string;
  file: string;
  imported: string;
  /** The server file outside the modules the import went through, when it did. */
  via: string | null;
}

/**
 * The area graph: area A depends on area B when a file of A imports a file of B, directly or
 * through server files outside the modules (`server/market-deps.ts` once tied every area that
 * way). `texts` overrides a file's text, so a test can plant an import.
 */
export function areaEdges(texts: ReadonlyMap<string, string> = new Map()): AreaEdge[] {
  const files = sourceFiles(SERVER);
  const importsByFile = new Map(files.map((f) => [f, importsOf(f, texts.get(f))]));
  // What a file outside the modules reaches, following other such files, as area files.
  const reached = new Map<string, Set<string>>();
  const reach = (file: string, seen = new Set<string>()): Set<string> => {
    const known = reached.get(file);
    if (known) return known;
    const found = new Set<string>();
    seen.add(file);
    for (const next of importsByFile.get(file) ?? []) {
      if (areaOf(next)) found.add(next);
      else if (!seen.has(next)) for (const f of reach(next, seen)) found.add(f);
    }
    reached.set(file, found);
    return found;
  };
  const edges: AreaEdge[] = [];
  for (const file of files) {
    const from = areaOf(file);
    if (!from) continue;
    for (const imported of importsByFile.get(file) ?? []) {
      const direct = areaOf(imported) !== null;
      for (const target of direct ? [imported] : reach(imported)) {
        const to = areaOf(target);
        if (to && to !== from) {
          const via = direct ? null : path.relative(SERVER, imported);
          edges.push({ from, to, file: path.relative(SERVER, file), imported: path.relative(SERVER, target), via });
        }
      }
    }
  }
  return edges;
}

/** Strongly connected components with more than one area (Tarjan): each one is a cycle. */
export function cyclesOf(edges: readonly AreaEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)?.add(to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/**
 * One shortest cycle of a component, one import per hop, so a failure says which import to
 * remove: `a → b (file imports …)`, then `b → a (…)`.
 */
export function describeCycle(component: readonly string[], edges: readonly AreaEdge[]): string {
  const members = new Set(component);
  const firstEdge = new Map<string, AreaEdge>();
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (!members.has(edge.from) || !members.has(edge.to)) continue;
    const key = `${edge.from}>${edge.to}`;
    if (firstEdge.has(key)) continue;
    firstEdge.set(key, edge);
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  }
  let shortest: string[] = [];
  for (const startArea of [...component].sort()) {
    // Breadth first from startArea back to it: the first arrival is its shortest cycle.
    const parent = new Map<string, string>();
    const queue = [startArea];
    let found: string[] | null = null;
    while (queue.length > 0 && !found) {
      const area = queue.shift()!;
      for (const to of (next.get(area) ?? []).sort()) {
        if (to === startArea) {
          const path = [area];
          while (path[0] !== startArea) path.unshift(parent.get(path[0]!)!);
          found = [...path, startArea];
          break;
        }
        if (!parent.has(to)) {
          parent.set(to, area);
          queue.push(to);
        }
      }
    }
    if (found && (shortest.length === 0 || found.length < shortest.length)) shortest = found;
  }
  const hops = shortest.slice(1).map((to, i) => {
    const edge = firstEdge.get(`${shortest[i]}>${to}`)!;
    const through = edge.via ? ` through ${edge.via}` : '';
    return `${edge.from} → ${to}  (${edge.file} imports ${edge.imported}${through})`;
  });
  return `cycle among ${component.join(', ')}; the shortest:\n  ${hops.join('\n  ')}`;
}
