/**
 * Where an imported package is declared, judged as dependency-cruiser does: against the importing
 * file's nearest package.json. The map already holds what that needs — package.json files are
 * nodes, each package's `depends-on` edges carry the field that lists the dependency — so nothing
 * is read again here.
 */
import type { MapEdge, MapNode } from '../map/schema.js';
import type { DeclarationType } from '../model/config.js';
import { PYTHON_OPTIONAL_IMPORT } from '../model/constants.js';
import { packageName } from '../resolve/specifier.js';
import type { CheckGraph } from './graph.js';
import type { Evidence } from './types.js';

export interface Declaration {
  types: Set<DeclarationType>;
  /** The npm name the edge imports, when it imports a package. */
  name?: string;
  /** The nearest package.json of the importing file. */
  manifest?: string;
  /** The package.json lines that declare it, nearest manifest only. */
  declared: Evidence[];
}

const NONE: Declaration = { types: new Set(), declared: [] };

interface Manifest {
  path: string;
  /** The package node of this manifest; absent for a package.json outside the workspaces. */
  pkg?: MapNode;
  /** Declared dependency name → the evidence of each field listing it. */
  deps: Map<string, Evidence[]>;
}

/** A classifier of edges for one graph; manifests are looked up once per directory. */
export function declarations(graph: CheckGraph): (edge: MapEdge) => Declaration {
  const manifests = new Map<string, Manifest>();
  const packages = new Map<string, MapNode>(); // manifest path → package node
  for (const node of graph.nodes.values()) {
    if (node.kind === 'file' && node.path && /(?:^|\/)package\.json$/.test(node.path))
      manifests.set(dirOf(node.path), { path: node.path, deps: new Map() });
    if (node.kind === 'package' && !node.external && node.path?.endsWith('package.json'))
      packages.set(node.path, node);
  }
  for (const m of manifests.values()) {
    m.pkg = packages.get(m.path);
    if (!m.pkg) continue;
    for (const e of graph.out.get(m.pkg.id) ?? []) {
      if (e.relation !== 'depends-on') continue;
      const name = graph.nodes.get(e.to)!.key.replace(/^external:npm:/, '');
      m.deps.set(
        name,
        e.evidence.filter((ev) => ev.field !== undefined),
      );
    }
  }
  const nearestOf = new Map<string, Manifest | undefined>();
  const nearest = (dir: string): Manifest | undefined => {
    if (nearestOf.has(dir)) return nearestOf.get(dir);
    const found = manifests.get(dir) ?? (dir === '' ? undefined : nearest(dirOf(dir)));
    nearestOf.set(dir, found);
    return found;
  };
  // Workspace packages by name, for imports that resolve into another package's source.
  const workspaces = new Map<string, MapNode>();
  for (const p of packages.values()) workspaces.set(p.key, p);

  return (edge) => {
    const from = graph.nodes.get(edge.from)!;
    const to = graph.nodes.get(edge.to)!;
    const ecosystem = to.external ? MANIFESTS_OF[String(to.metadata?.ecosystem)] : undefined;
    if (ecosystem) return edge.relation === 'depends-on' ? NONE : scanned(edge, to, ecosystem);
    if (edge.relation === 'depends-on') return manifestEdge(edge, to);
    if (from.path === undefined) return NONE;
    if (to.key.startsWith('external:node:'))
      return to.key.startsWith('external:node:bun:') ? NONE : { types: new Set(['core']), declared: [] };
    const name = importedPackage(edge, to, workspaces);
    if (name === undefined) return NONE;
    const manifest = nearest(dirOf(from.path));
    if (!manifest?.pkg) return { types: new Set(['undetermined']), name, declared: [] };
    // A package importing itself by name is not a dependency of anything.
    if (manifest.pkg.key === name) return NONE;
    let declared = manifest.deps.get(name) ?? [];
    // `import type` from a package whose types come from DefinitelyTyped: @types/x declares it.
    if (declared.length === 0 && edge.relation === 'type-imports')
      declared = manifest.deps.get(typesPackage(name)) ?? [];
    return { types: typesOf(declared), name, manifest: manifest.path, declared };
  };
}

/** The npm name an edge imports: an external package, or a workspace package reached through its name. */
function importedPackage(edge: MapEdge, to: MapNode, workspaces: Map<string, MapNode>): string | undefined {
  if (to.key.startsWith('external:npm:')) return to.key.slice('external:npm:'.length);
  if (to.kind !== 'file' || !to.path) return undefined;
  // The specifier is what the edge's re-check greps for; a path alias (`@/x`) names no workspace.
  const specifier = edge.verified_by?.startsWith('grep:') ? edge.verified_by.slice(5) : undefined;
  const name = specifier === undefined ? undefined : packageName(specifier);
  const pkg = name === undefined ? undefined : workspaces.get(name);
  if (!pkg?.path) return undefined;
  const dir = dirOf(pkg.path);
  return dir === '' || to.path.startsWith(`${dir}/`) ? name : undefined;
}

/**
 * Python distributions and Go modules: the scan already judged each against every manifest of
 * its language (`declared` on the node, python-edges.ts / go-edges.ts), so only `unlisted` is
 * told here; what declares them carries no dependency field to tell dev from production.
 */
const MANIFESTS_OF: Record<string, string> = {
  pypi: 'any pyproject.toml or requirements*.txt',
  go: 'go.mod',
};

function scanned(edge: MapEdge, to: MapNode, manifests: string): Declaration {
  const name = to.key.replace(/^external:[^:]+:/, '');
  // `try: import x / except ImportError` is how Python spells an optional dependency.
  const optional = edge.evidence.every((ev) => ev.condition === PYTHON_OPTIONAL_IMPORT);
  return to.metadata?.declared === false && !optional
    ? { types: new Set(['unlisted']), name, manifest: manifests, declared: [] }
    : { ...NONE, name };
}

function manifestEdge(edge: MapEdge, to: MapNode): Declaration {
  const declared = edge.evidence.filter((ev) => ev.field !== undefined);
  return { types: typesOf(declared), name: to.key.replace(/^external:npm:/, ''), declared };
}

/** dev means only in devDependencies: a peer or optional dependency is also a devDependency in most packages. */
function typesOf(declared: Evidence[]): Set<DeclarationType> {
  const fields = new Set(declared.map((ev) => ev.field));
  const types = new Set<DeclarationType>();
  if (fields.has('dependencies')) types.add('npm');
  if (fields.has('peerDependencies')) types.add('peer');
  if (fields.has('optionalDependencies')) types.add('optional');
  if (fields.has('devDependencies') && types.size === 0) types.add('dev');
  if (fields.size === 0) types.add('unlisted');
  return types;
}

/** `@scope/name` → `@types/scope__name`, `name` → `@types/name`. */
const typesPackage = (name: string): string =>
  `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

const dirOf = (path: string): string => {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
};

const FIELD_WORDS: Record<string, string> = {
  dependencies: 'dependencies',
  devDependencies: 'devDependencies',
  peerDependencies: 'peerDependencies',
  optionalDependencies: 'optionalDependencies',
};

/** What a message says about where the imported package is declared, or undefined when nothing is to be said. */
export function declarationText(d: Declaration): string | undefined {
  const where = (ev: Evidence) => `${ev.path}:${ev.line ?? 1}`;
  if (d.types.has('core')) return 'a Node.js built-in';
  if (d.types.has('undetermined'))
    return 'whose nearest package.json is not one of the packages in the map, so where it is declared is undetermined';
  if (d.types.has('unlisted')) return `not listed in ${d.manifest ?? 'package.json'}`;
  if (d.declared.length === 0) return undefined;
  const only = d.types.has('dev') ? 'only ' : '';
  return `listed ${only}in ${d.declared.map((ev) => `${FIELD_WORDS[ev.field!]} (${where(ev)})`).join(' and ')}`;
}
