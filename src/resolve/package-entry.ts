/**
 * Resolves what oxc-resolver cannot without node_modules or build output: an import of a workspace
 * package (`@acme/ui`, `@acme/ui/button`) and a `#imports` entry whose target is unbuilt output.
 * The manifest's own answer is tried first (through oxc, so exports maps are applied exactly), then
 * its targets mapped back to source, then the package's `src/index` or `index`.
 */
import path from 'node:path';
import { mapTargets } from './exports-map.js';
import { isRecord, readJsonRecord } from './jsonc.js';
import { landing } from './landing.js';
import type { FactoryPair } from './oxc.js';
import { TYPE_CONDITIONS, VALUE_CONDITIONS } from './oxc.js';
import { findSourceFile } from './source-file.js';
import { packageName, packageSubpath } from './specifier.js';
import { dirOf } from './tsconfig.js';
import { type Outcome, type ResolverInput, unresolved, type WorkspacePackage } from './types.js';

export interface PackageEntries {
  /** undefined when the specifier does not name a workspace package. */
  workspace(specifier: string, typeOnly: boolean): Outcome | undefined;
  imports(fromFile: string, specifier: string, typeOnly: boolean): Outcome;
  /** The nearest discovered package.json at or above a directory: the scope of `#imports` and self-references. */
  manifestFor(dir: string): string | undefined;
}

export function createPackageEntries(
  input: ResolverInput,
  workspaces: ReadonlyMap<string, WorkspacePackage>,
  plain: FactoryPair,
): PackageEntries {
  const { root, files } = input;
  const manifests = new Map<string, Record<string, unknown> | undefined>();
  const manifest = (rel: string) => {
    if (!manifests.has(rel)) manifests.set(rel, readJsonRecord(input.readText, rel));
    return manifests.get(rel);
  };
  const nearest = new Map<string, string | undefined>();
  const nearestManifest = (dir: string): string | undefined => {
    if (nearest.has(dir)) return nearest.get(dir);
    const own = dir ? `${dir}/package.json` : 'package.json';
    const found = files.has(own) ? own : dir === '' ? undefined : nearestManifest(dirOf(dir));
    nearest.set(dir, found);
    return found;
  };

  return {
    manifestFor: nearestManifest,
    workspace(specifier, typeOnly) {
      const name = packageName(specifier);
      const pkg = name === undefined ? undefined : workspaces.get(name);
      if (name === undefined || pkg === undefined) return undefined;
      // Resolving the name from inside the package is Node's self-reference: its exports apply.
      const factory = typeOnly ? plain.type : plain.value;
      const own = landing(root, files, factory.sync(path.join(root, pkg.dir), specifier), specifier);
      if (own.kind === 'file') return own;
      const json = manifest(pkg.manifest) ?? {};
      const sub = packageSubpath(specifier, name);
      const conditions = typeOnly ? TYPE_CONDITIONS : VALUE_CONDITIONS;
      const fields = typeOnly
        ? ['source', 'types', 'typings', 'module', 'main']
        : ['source', 'module', 'main', 'types'];
      const targets =
        json.exports !== undefined
          ? mapTargets(json.exports, sub, conditions)
          : sub === '.'
            ? fields.map((f) => json[f]).filter((v): v is string => typeof v === 'string')
            : [sub, `./src/${sub.slice(2)}`];
      if (sub === '.') targets.push('./src/index', './index');
      const found = findSourceFile(files, pkg.dir, targets, typeOnly);
      if (found) return { kind: 'file', path: found };
      return unresolved(
        () => `workspace package ${name} (${pkg.dir || 'the root'}) has no source file for ${sub}`,
      );
    },

    imports(fromFile, specifier, typeOnly) {
      const rel = nearestManifest(dirOf(fromFile));
      const map = rel === undefined ? undefined : manifest(rel)?.imports;
      if (rel === undefined || !isRecord(map))
        return unresolved(
          (from) => `${specifier} from ${from}: no enclosing package.json has an imports map`,
        );
      const targets = mapTargets(map, specifier, typeOnly ? TYPE_CONDITIONS : VALUE_CONDITIONS);
      if (targets.length === 0)
        return unresolved(() => `${specifier} is not defined in the imports of ${rel}`);
      // An imports target may name a package instead of a file (`"#dep": "dep-polyfill"`).
      const bare = targets.find((t) => !t.startsWith('.'));
      const external = bare === undefined ? undefined : packageName(bare);
      const local = targets.filter((t) => t.startsWith('.'));
      const found = findSourceFile(files, dirOf(rel), local, typeOnly);
      if (found) return { kind: 'file', path: found };
      if (external) return { kind: 'external', name: external };
      return unresolved(() => `${specifier} maps to ${targets[0]} in ${rel}, but no file matches`);
    },
  };
}
