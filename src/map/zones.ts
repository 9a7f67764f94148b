/**
 * Zones: workspace packages, else top-level source folders; files at the root fall in the root
 * zone, external packages in the external zone. A zone's id depends only on its path, so adding
 * a file never renames a zone.
 */
import { nodeId } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Entity } from '../model/types.js';
import type { Zone } from './schema.js';

export const zoneId = (path: string): string => nodeId('area', `zone:${path === '' ? '.' : path}`);
export const EXTERNAL_ZONE: Zone = {
  id: nodeId('area', 'zone:(external)'),
  label: '(external)',
  path: '(external)',
  kind: 'external',
};

export interface ZoneAssignment {
  zones: Zone[];
  zoneOf(entity: Entity): string;
}

/** packages: workspace package dir (repo-relative, '' for root) → package name. */
export function assignZones(
  entities: Iterable<Entity>,
  packages: ReadonlyMap<string, string>,
): ZoneAssignment {
  const zoneFor = zonesByPath(packages);
  const used = new Map<string, Zone>();
  const assigned = new Map<string, string>();
  for (const e of entities) {
    const path =
      e.kind === 'package' && e.path ? e.path.replace(/\/?package\.json$/, '') || undefined : e.path;
    const zone =
      e.kind === 'package' && e.path === 'package.json'
        ? zoneFor('package.json', false)
        : zoneFor(path, e.metadata?.external === true);
    used.set(zone.id, zone);
    assigned.set(e.id, zone.id);
  }
  const zones = [...used.values()].sort((a, b) => compareStrings(a.path, b.path));
  return { zones, zoneOf: (e) => assigned.get(e.id) ?? EXTERNAL_ZONE.id };
}

/** The zone of a path (undefined: an external package): shared by a full build and a delta. */
export function zonesByPath(
  packages: ReadonlyMap<string, string>,
): (path: string | undefined, external: boolean) => Zone {
  const packageDirs = [...packages.keys()]
    .filter((d) => d !== '')
    .sort((a, b) => b.length - a.length || compareStrings(a, b));
  return (path, external) => {
    if (external || path === undefined) return EXTERNAL_ZONE;
    const pkg = packageDirs.find((d) => path === d || path.startsWith(`${d}/`));
    if (pkg !== undefined) return { id: zoneId(pkg), label: packages.get(pkg)!, path: pkg, kind: 'package' };
    const slash = path.indexOf('/');
    if (slash < 0) return { id: zoneId(''), label: '(root)', path: '', kind: 'root' };
    const top = path.slice(0, slash);
    return { id: zoneId(top), label: top, path: top, kind: 'folder' };
  };
}
