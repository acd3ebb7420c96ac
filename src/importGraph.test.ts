import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md section 1: imports run one way and never in a circle. This reads every import of the
 * client and the server (static imports and re-exports, type-only ones included: a type dependency
 * is a design dependency too; and dynamic `import()`, a lazy edge that counts for the direction but
 * not for cycles) and checks each rule of the import direction by name, listing every violation as
 * `from → to`. Test files are not read: a test may reach anywhere it needs.
 *
 * Roles are given by folder, so the rules hold while files move:
 * - client: `src/main.tsx` and `src/app` (app), `src/features/<name>` (a feature; files directly in
 *   `src/features` are the feature registries), `src/components`, `src/platform` and `src/state`
 *   (one layer: state atoms and the session, API client and locale they stand on), `src/domain`,
 *   `src/machines`, `src/i18n`;
 * - server: `server/app.ts` and `server/main.ts` (app), `server/modules/<name>` (a module; files
 *   directly in `server/modules` are the module registry), everything else under `server/` an
 *   engine (resources, workflows, attachments, plugins, files, auth, db, ...).
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

type TImport = { specifier: string; lazy: boolean };

const readImports = (file: string): TImport[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: TImport[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push({ specifier: node.moduleSpecifier.text, lazy: false });
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push({ specifier: node.arguments[0].text, lazy: true });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** One import: the importing file, the file imported (null for a package) and the package's name. */
type TEdge = { from: string; to: string | null; specifier: string; lazy: boolean };

const edges: TEdge[] = sourceDirs.flatMap((dir) =>
  listSources(path.join(root, dir)).flatMap((file) =>
    readImports(file).map(({ specifier, lazy }) => {
      const target = resolveImport(file, specifier);
      return {
        from: path.relative(root, file),
        to: target === null ? null : path.relative(root, target),
        specifier,
        lazy,
      };
    }),
  ),
);

/** The static graph (file → files it imports) the cycle check walks. */
const staticGraph = new Map<string, string[]>();
for (const edge of edges) {
  const targets = staticGraph.get(edge.from) ?? [];
  if (edge.to !== null && !edge.lazy) targets.push(edge.to);
  staticGraph.set(edge.from, targets);
}

type TRole =
  | { layer: 'app' | 'components' | 'platform' | 'domain' | 'machines' | 'i18n' | 'featureRegistry' }
  | { layer: 'feature'; name: string }
  | { layer: 'serverApp' | 'engine' | 'moduleRegistry' }
  | { layer: 'module'; name: string }
  | { layer: 'other' };

const roleOf = (file: string): TRole => {
  const parts = file.split('/');
  if (parts[0] === 'src') {
    if (file === 'src/main.tsx' || parts[1] === 'app') return { layer: 'app' };
    if (parts[1] === 'features')
      return parts.length > 3 ? { layer: 'feature', name: parts[2] as string } : { layer: 'featureRegistry' };
    if (parts[1] === 'components') return { layer: 'components' };
    if (parts[1] === 'platform' || parts[1] === 'state') return { layer: 'platform' };
    if (parts[1] === 'domain') return { layer: 'domain' };
    if (parts[1] === 'machines') return { layer: 'machines' };
    if (parts[1] === 'i18n') return { layer: 'i18n' };
    return { layer: 'other' };
  }
  if (parts[0] === 'server') {
    if (file === 'server/app.ts' || file === 'server/main.ts') return { layer: 'serverApp' };
    if (parts[1] === 'modules')
      return parts.length > 3 ? { layer: 'module', name: parts[2] as string } : { layer: 'moduleRegistry' };
    return { layer: 'engine' };
  }
  return { layer: 'other' };
};

const isServer = (file: string) => file.startsWith('server/');
const isIndex = (file: string) => /\/index\.tsx?$/.test(file);
/** Packages of screens (React, its DOM) and of client state (jotai), whatever their subpath. */
const isScreenOrStatePackage = (specifier: string) => /^(react|react-dom|jotai)(\/|$)/.test(specifier);

const show = (edge: TEdge) => `${edge.from} → ${edge.to ?? edge.specifier}${edge.lazy ? ' (lazy)' : ''}`;

/**
 * What cannot be fixed yet, each with its reason. An entry is `from → to` exactly as a check lists
 * it; an entry that no longer matches a violation fails the check, so the list only shrinks.
 */
const allowed: Record<string, string> = {};

/** A named rule: every edge it refuses, minus the allow-list. */
const violations = (refuses: (edge: TEdge) => boolean) =>
  edges
    .filter(refuses)
    .map(show)
    .filter((line) => !(line in allowed));

const clientLayersAllowed: Record<string, readonly string[]> = {
  app: ['app', 'featureRegistry', 'feature', 'components', 'platform', 'domain', 'machines', 'i18n'],
  featureRegistry: ['featureRegistry', 'feature', 'components', 'platform', 'domain', 'machines', 'i18n'],
  feature: ['featureRegistry', 'feature', 'components', 'platform', 'domain', 'machines', 'i18n'],
  components: ['components', 'platform', 'domain', 'machines', 'i18n'],
  platform: ['platform', 'domain', 'machines', 'i18n'],
  i18n: ['i18n', 'domain', 'machines'],
  domain: ['domain', 'machines', 'i18n'],
  machines: ['machines'],
};

describe('the import graph', () => {
  it('reads the sources', () => {
    expect(staticGraph.size).toBeGreaterThan(200);
  });

  it('has no cycle, type-only imports included', () => {
    expect(cycles(staticGraph)).toEqual([]);
  });

  it('client: app → features → components → platform and state → domain → machines (i18n beside domain)', () => {
    expect(
      violations((edge) => {
        if (edge.to === null || isServer(edge.from) || isServer(edge.to)) return false;
        const from = roleOf(edge.from).layer;
        const to = roleOf(edge.to).layer;
        const may = clientLayersAllowed[from];
        // A style sheet or an asset is no layer.
        return may !== undefined && to !== 'other' && !may.includes(to);
      }),
    ).toEqual([]);
  });

  it('nothing imports the composition root (src/app, src/main.tsx, server/app.ts but for server/main.ts)', () => {
    expect(
      violations(
        (edge) =>
          edge.to !== null &&
          ((roleOf(edge.to).layer === 'app' && roleOf(edge.from).layer !== 'app') ||
            (edge.to === 'server/app.ts' && edge.from !== 'server/main.ts')),
      ),
    ).toEqual([]);
  });

  it('domain, machines and the server import no screen, API client, state or React', () => {
    expect(
      violations((edge) => {
        const from = roleOf(edge.from).layer;
        if (from !== 'domain' && from !== 'machines' && !isServer(edge.from)) return false;
        if (edge.to === null) return isScreenOrStatePackage(edge.specifier);
        const to = roleOf(edge.to).layer;
        return (
          ['app', 'featureRegistry', 'feature', 'components', 'platform'].includes(to) ||
          edge.to === 'src/i18n/i18n-react.tsx'
        );
      }),
    ).toEqual([]);
  });

  it('machines import only xstate and their siblings in src/machines', () => {
    expect(
      violations((edge) => {
        if (roleOf(edge.from).layer !== 'machines') return false;
        // The test kit that walks a machine's graph reads @xstate/graph; only tests import it.
        if (edge.from === 'src/machines/machineCoverage.ts' && edge.specifier === '@xstate/graph')
          return false;
        return edge.to === null ? edge.specifier !== 'xstate' : roleOf(edge.to).layer !== 'machines';
      }),
    ).toEqual([]);
  });

  it("a client feature (or a feature registry) imports another only through that feature's index.ts", () => {
    expect(
      violations((edge) => {
        if (edge.to === null) return false;
        const from = roleOf(edge.from);
        const to = roleOf(edge.to);
        if (to.layer !== 'feature' || isIndex(edge.to)) return false;
        return from.layer === 'featureRegistry' || (from.layer === 'feature' && from.name !== to.name);
      }),
    ).toEqual([]);
  });

  it("a server module (or the module registry) imports another only through that module's index.ts", () => {
    expect(
      violations((edge) => {
        if (edge.to === null) return false;
        const from = roleOf(edge.from);
        const to = roleOf(edge.to);
        if (to.layer !== 'module' || isIndex(edge.to)) return false;
        return from.layer === 'moduleRegistry' || (from.layer === 'module' && from.name !== to.name);
      }),
    ).toEqual([]);
  });

  it('server: app → modules → engines → src/domain, src/machines, src/i18n (engines import no module)', () => {
    expect(
      violations((edge) => {
        if (edge.to === null || !isServer(edge.from)) return false;
        const from = roleOf(edge.from).layer;
        const to = roleOf(edge.to);
        if (!isServer(edge.to)) return !['domain', 'machines', 'i18n'].includes(to.layer);
        if (from === 'engine') return to.layer !== 'engine';
        if (from === 'module') return to.layer === 'serverApp';
        // The registry lists the modules (and the type each module fills); it serves nobody but the app.
        if (from === 'moduleRegistry') return to.layer === 'serverApp';
        return false;
      }),
    ).toEqual([]);
  });

  it('only the server app (and the registry itself) imports the module list, and the client never imports the server', () => {
    expect(
      violations(
        (edge) =>
          edge.to !== null &&
          ((edge.to === 'server/modules/index.ts' &&
            !['serverApp', 'moduleRegistry'].includes(roleOf(edge.from).layer)) ||
            (!isServer(edge.from) && isServer(edge.to))),
      ),
    ).toEqual([]);
  });

  it('every allow-list entry still names a violation', () => {
    const lines = new Set(edges.map(show));
    expect(Object.keys(allowed).filter((line) => !lines.has(line))).toEqual([]);
  });
});

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
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
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}
