import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md section 1: imports run one way and never in a circle. This reads every static import
 * and re-export of the client and the server (type-only ones included: a type cycle is a design
 * cycle too; a dynamic `import()` is a lazy edge and not counted) and fails on any cycle, naming it.
 */
const root = path.resolve(import.meta.dirname, '..');
const sourceDirs = ['src', 'server'];

const listSources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : listSources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });

const resolveImport = (from: string, specifier: string): string | null => {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
};

const staticImports = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      specifiers.push(statement.moduleSpecifier.text);
  }
  return specifiers;
};

/** The import graph: file → files it imports. */
const buildGraph = () => {
  const graph = new Map<string, string[]>();
  for (const dir of sourceDirs)
    for (const file of listSources(path.join(root, dir)))
      graph.set(
        file,
        staticImports(file)
          .map((specifier) => resolveImport(file, specifier))
          .filter((target): target is string => target !== null),
      );
  return graph;
};

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
const cycles = (graph: Map<string, string[]>): string[][] => {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next))
        low.set(node, Math.min(low.get(node) as number, indices.get(next) as number));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(path.relative(root, member));
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
};

describe('the import graph', () => {
  const graph = buildGraph();

  it('reads the sources', () => {
    expect(graph.size).toBeGreaterThan(200);
  });

  it('has no cycle, type-only imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });
});
