/**
 * `packages`: the workspace package graph, nodes = packages sized by their files, edges = how many
 * import edges run from one package's files into another's. Files belong to the deepest package
 * folder above them; imports inside one package are not edges here.
 */
import { type Envelope, paginate } from '../model/envelope.js';
import type { Session } from './session.js';

const LOADS = new Set(['imports', 'type-imports', 're-exports', 'requires', 'dynamic-imports']);

export interface PackageDependency {
  from: string;
  to: string;
  /** Import edges from `from`'s files to `to`'s files. */
  imports: number;
}

export interface PackageGraph extends Envelope<PackageDependency> {
  packages: { name: string; dir: string; files: number }[];
}

export function packageGraph(session: Session, opts: { limit?: number; cursor?: string } = {}): PackageGraph {
  const packages = session.map.nodes
    .filter((n) => n.kind === 'package' && n.path?.endsWith('package.json'))
    .map((n) => ({ name: n.label, dir: n.path!.replace(/\/?package\.json$/, ''), files: 0 }))
    .sort((a, b) => b.dir.length - a.dir.length || (a.dir < b.dir ? -1 : 1));
  const owner = new Map<string, (typeof packages)[number]>();
  for (const n of session.map.nodes) {
    if (n.kind !== 'file' || n.path === undefined) continue;
    const pkg = packages.find((p) => p.dir === '' || n.path!.startsWith(`${p.dir}/`));
    if (!pkg) continue;
    pkg.files++;
    owner.set(n.id, pkg);
  }
  const counts = new Map<string, PackageDependency>();
  // Ends only: counting needs no edge's evidence, and a CLI session then reads no edge's JSON.
  for (const e of session.edgeEnds()) {
    if (!LOADS.has(e.relation)) continue;
    const a = owner.get(e.from);
    const b = owner.get(e.to);
    if (!a || !b || a === b) continue;
    const key = `${a.name}\0${b.name}`;
    const d = counts.get(key) ?? { from: a.name, to: b.name, imports: 0 };
    d.imports++;
    counts.set(key, d);
  }
  const all = [...counts.values()].sort(
    (x, y) => y.imports - x.imports || (x.from + x.to < y.from + y.to ? -1 : 1),
  );
  return {
    query: 'packages',
    ...paginate(all, opts.limit ?? 200, opts.cursor),
    packages: [...packages].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    freshness: session.deps.freshness([]),
  };
}
