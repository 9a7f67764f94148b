/**
 * Targets of a package.json `exports` or `imports` map for one key, without touching the disk. oxc
 * resolves maps whose targets exist; this is for the case it cannot: targets in build output that
 * is not built or not discovered, which the caller then maps back to source.
 */
import { isRecord } from './jsonc.js';

interface Entry {
  value: unknown;
  /** What the key's `*` (or a legacy trailing-`/` folder key) matched. */
  hole?: string;
  folder?: boolean;
}

/**
 * Every target whose conditions we accept, in the map's key order: the first is what Node would
 * pick; the rest let the caller find a source file when the first is build output.
 */
export function mapTargets(field: unknown, key: string, conditions: readonly string[]): string[] {
  const entry = selectEntry(field, key);
  const out: string[] = [];
  if (entry) collect(entry, entry.value, new Set(conditions), out);
  return out;
}

function selectEntry(field: unknown, key: string): Entry | undefined {
  if (field === undefined || field === null) return undefined;
  const keyed = isRecord(field) && Object.keys(field).some((k) => k.startsWith('.') || k.startsWith('#'));
  // A string, an array or a conditions object is the entry for '.' alone.
  if (!keyed) return key === '.' ? { value: field } : undefined;
  const map = field as Record<string, unknown>;
  if (Object.hasOwn(map, key) && !key.includes('*')) return { value: map[key] };
  let best: { prefix: string; entry: Entry } | undefined;
  for (const [pattern, value] of Object.entries(map)) {
    const star = pattern.indexOf('*');
    const prefix = star < 0 ? pattern : pattern.slice(0, star);
    const suffix = star < 0 ? '' : pattern.slice(star + 1);
    const folder = star < 0 && pattern.endsWith('/');
    if ((star < 0 && !folder) || !key.startsWith(prefix) || !key.endsWith(suffix)) continue;
    if (key.length < prefix.length + suffix.length) continue;
    // Node's PATTERN_KEY_COMPARE: the longest prefix before the wildcard wins.
    if (best && prefix.length <= best.prefix.length) continue;
    const hole = key.slice(prefix.length, key.length - suffix.length);
    best = { prefix, entry: { value, hole, folder } };
  }
  return best?.entry;
}

function collect(entry: Entry, value: unknown, conditions: ReadonlySet<string>, out: string[]): void {
  if (typeof value === 'string') {
    const hole = entry.hole;
    out.push(hole === undefined ? value : entry.folder ? value + hole : value.replaceAll('*', hole));
  } else if (Array.isArray(value)) {
    for (const item of value) collect(entry, item, conditions, out);
  } else if (isRecord(value)) {
    for (const [condition, nested] of Object.entries(value))
      if (conditions.has(condition)) collect(entry, nested, conditions, out);
  }
  // null excludes the subpath: nothing to collect.
}

/**
 * The conditions on the way to the first target Node would pick (`node>import`), or undefined
 * when the map has no conditions for this key (a plain string target chooses nothing).
 */
export function chosenCondition(
  field: unknown,
  key: string,
  conditions: readonly string[],
): string | undefined {
  const entry = selectEntry(field, key);
  if (!entry) return undefined;
  const accepted = new Set(conditions);
  const walk = (value: unknown, trail: string[]): string[] | undefined => {
    if (typeof value === 'string') return trail;
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = walk(item, trail);
        if (found) return found;
      }
    } else if (isRecord(value)) {
      for (const [condition, nested] of Object.entries(value)) {
        if (!accepted.has(condition)) continue;
        const found = walk(nested, [...trail, condition]);
        if (found) return found;
      }
    }
    return undefined;
  };
  const trail = walk(entry.value, []);
  return trail && trail.length > 0 ? trail.join('>') : undefined;
}
