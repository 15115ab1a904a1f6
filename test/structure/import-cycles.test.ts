import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';

/**
 * No import cycle anywhere in src/, type-only imports included (issue 14
 * step 4): a cycle makes load order matter and hides which module owns what.
 * The routes reach the service through api/context.ts, never app.ts.
 */

/** Relative module specifiers of static imports/exports (`import type` too), side-effect imports and dynamic imports. */
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function importGraph(root: string): Map<string, string[]> {
  const files = fs.readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const m of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = path.join(path.dirname(file), (m[1] ?? m[2] ?? m[3])!.replace(/\.js$/, '.ts'));
      if (known.has(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as a → b → … → a. */
function cycles(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('import graph of src/', () => {
  it('has no cycle', () => {
    assert.deepEqual(cycles(importGraph('src')), []);
  });

  it('has no two top-level folders that import each other (a folder of src/ depends on others one way)', () => {
    const folderOf = (file: string): string | null => {
      const parts = path.relative('src', file).split(path.sep);
      return parts.length > 1 ? parts[0]! : null;
    };
    const edges = new Set<string>();
    for (const [file, targets] of importGraph('src')) {
      const from = folderOf(file);
      for (const target of targets) {
        const to = folderOf(target);
        if (from && to && from !== to) edges.add(`${from} → ${to}`);
      }
    }
    const mutual = [...edges].filter((edge) => edges.has(edge.split(' → ').reverse().join(' → ')));
    assert.deepEqual(mutual, []);
  });

  it('the detector sees type-only, multi-line and dynamic imports (a cycle planted in a temporary tree is found)', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'hazrisk-cycles-'));
    fs.writeFileSync(path.join(dir, 'a.ts'), "import type {\n  B,\n} from './b.js';\nexport type A = B;\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "export type B = number;\nexport async function c() {\n  return import('./c.js');\n}\n");
    fs.writeFileSync(path.join(dir, 'c.ts'), "import './a.js';\n");
    try {
      assert.deepEqual(cycles(importGraph(dir)), [['a.ts', 'b.ts', 'c.ts', 'a.ts'].map((f) => path.join(dir, f)).join(' → ')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
