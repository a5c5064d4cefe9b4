import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Source folders, with the folder their `@/` alias points at (the web app's). */
const SOURCES = [
  { dir: 'common/src', alias: null },
  { dir: 'server/src', alias: null },
  { dir: 'web/src', alias: 'web/src' },
  { dir: 'client/src', alias: null },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file a specifier names, or null when it is a package (not ours). */
function resolveImport(from: string, specifier: string, alias: string | null): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (alias && specifier.startsWith('@/')) base = join(ROOT, alias, specifier.slice(2));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/**
 * Every import of our sources, type-only and dynamic ones included: ESLint's `import/no-cycle`
 * passes over `import type`, and a circle through types still ties two files together.
 */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { dir, alias } of SOURCES) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      graph.set(
        file,
        importedFiles
          .map((i) => resolveImport(file, i.fileName, alias))
          .filter((f): f is string => f !== null),
      );
    }
  }
  return graph;
}

/** Each circle once, as the files along it (depth-first search, grey/black marking). */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(path.slice(path.indexOf(next)).concat(next));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('import graph', () => {
  it('reads the imports of every kind', () => {
    const graph = importGraph();
    const imports = (file: string) =>
      (graph.get(join(ROOT, file)) ?? []).map((f) => relative(ROOT, f));
    // Type-only and dynamic imports count, or the check below would miss their circles.
    expect(imports('server/src/service/redis-backend.ts')).toContain('server/src/config.ts');
    expect(imports('server/src/service/wire-service.ts')).toContain(
      'server/src/service/redis-backend.ts',
    );
    expect(imports('web/src/components/ui/button.tsx')).toContain('web/src/lib/cn.ts');
  });

  it('has no circle: no file imports a file that imports it back', () => {
    const named = circles(importGraph()).map((c) => c.map((f) => relative(ROOT, f)).join(' → '));
    expect(named).toEqual([]);
  });
});
