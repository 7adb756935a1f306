import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No import cycles in the deployed functions code (functions/README.md): a cycle hides which module depends on
// which, and breaks the layers' direction unseen. No ESLint plugin for cycles is installed, so this walk reads each
// file's imports with the TypeScript compiler, type-only imports included.

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The files of ours a file imports: relative specifiers resolved as TypeScript would (x.ts, x/index.ts). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => resolve(dirname(file), fileName))
    .flatMap((base) => [`${base}.ts`, join(base, 'index.ts')].filter((path) => existsSync(path)).slice(0, 1));
}

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
export function importCycles(files: readonly string[], edges: (file: string) => string[]): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges(file)) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle, and only cycles', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(importCycles(Object.keys(graph), (f) => graph[f] ?? [])).toEqual([['a', 'b', 'c', 'a']]);
    expect(importCycles(['x', 'y'], (f) => (f === 'x' ? ['y'] : []))).toEqual([]);
  });

  it('none in functions/src', () => {
    const cycles = importCycles(sourceFiles(SRC), importsOf).map((cycle) =>
      cycle.map((file) => relative(SRC, file)).join(' -> '),
    );
    expect(cycles).toEqual([]);
  });
});
