// The server's business areas form an acyclic graph, layered as ARCHITECTURE.md draws it ("Areas
// and layers"): an area imports only areas below it. Read from the code's own imports, type-only
// and multi-line ones included; a failure names the imports that close the cycle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AreaEdge,
  areaEdges,
  areaOf,
  cyclesOf,
  describeCycle,
  importsOf,
  MODULES,
  SERVER,
  sourceFiles,
} from './module-graph.js';
import { ARCHITECTURE_MD } from './table-writes.js';

const areas = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The layer drawing: the fenced block under "### Areas and layers", highest area first. */
function drawnLayers(): string[] {
  const markdown = readFileSync(ARCHITECTURE_MD, 'utf8');
  const start = markdown.indexOf('### Areas and layers');
  const block = /```\n([\s\S]*?)```/.exec(markdown.slice(start))?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
    .filter((word) => areas.includes(word));
}

const cycleReport = (edges: AreaEdge[]) =>
  cyclesOf(edges)
    .map((cycle) => describeCycle(cycle, edges))
    .join('\n');

describe('the areas of server/modules', () => {
  const edges = areaEdges();

  it('import one another without a cycle', () => {
    expect(cycleReport(edges)).toBe('');
  });

  it('each sit in the layer drawing once, and import only areas drawn below them', () => {
    const layers = drawnLayers();
    expect([...layers].sort()).toEqual(areas);
    const upward = edges
      .filter((edge) => layers.indexOf(edge.from) > layers.indexOf(edge.to))
      .map((edge) => `${edge.from} → ${edge.to} (${edge.file} imports ${edge.imported})`);
    expect([...new Set(upward)]).toEqual([]);
  });

  it('loads every area that subscribes to a hook in server/module-hooks.ts', () => {
    const loaded = importsOf(path.join(SERVER, 'module-hooks.ts')).map((file) => areaOf(file));
    const subscribing = sourceFiles(MODULES)
      .filter((file) => /\.subscribe\(/.test(readFileSync(file, 'utf8')))
      .map((file) => areaOf(file));
    expect([...new Set(subscribing)].filter((area) => !loaded.includes(area))).toEqual([]);
  });

  // The checks above must bite: an import planted against the layers (a multi-line type import,
  // the kind that is easiest to miss) closes a cycle, and the report names it.
  it('finds a planted cycle', () => {
    const file = path.join(MODULES, 'notifications/notify.ts');
    const planted = `${readFileSync(file, 'utf8')}\nimport type {\n  Db,\n} from '../workbench/index.js';\n`;
    const report = cycleReport(areaEdges(new Map([[file, planted]])));
    expect(report).toContain('notifications → workbench');
    expect(report).toContain('modules/notifications/notify.ts imports modules/workbench/index.ts');
  });
});
