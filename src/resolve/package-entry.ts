/**
 * Resolves what oxc-resolver cannot without node_modules or build output: an import of a workspace
 * package (`@acme/ui`, `@acme/ui/button`) and a `#imports` entry whose target is unbuilt output.
 * The manifest's own answer is tried first (through oxc, so exports maps are applied exactly), then
 * its targets mapped back to source, then the package's `src/index` or `index`.
 */
import path from 'node:path';
import type { Environment } from './environment.js';
import { chosenCondition, mapTargets } from './exports-map.js';
import { isRecord, readJsonRecord } from './jsonc.js';
import { landing } from './landing.js';
import type { Factories } from './oxc.js';
import { findSourceFile } from './source-file.js';
import { packageName, packageSubpath } from './specifier.js';
import { dirOf } from './tsconfig.js';
import {
  type Outcome,
  type ResolvedVia,
  type ResolverInput,
  unresolved,
  type WorkspacePackage,
} from './types.js';

export interface PackageEntries {
  /** undefined when the specifier does not name a workspace package. */
  workspace(specifier: string, env: Environment, typeOnly: boolean): Outcome | undefined;
  imports(fromFile: string, specifier: string, env: Environment, typeOnly: boolean): Outcome;
  /** The nearest discovered package.json at or above a directory: the scope of `#imports` and self-references. */
  manifestFor(dir: string): string | undefined;
  /** The `type` field of that package.json (`module` makes .ts/.js files ESM). */
  packageType(dir: string): string | undefined;
  /** For a workspace package's specifier (or a `#imports` one): the condition the environment picks. */
  chosenCondition(specifier: string, env: Environment, fromFile?: string): string | undefined;
}

export function createPackageEntries(
  input: ResolverInput,
  workspaces: ReadonlyMap<string, WorkspacePackage>,
  plain: Factories,
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

  const workspaceOf = (specifier: string) => {
    const name = packageName(specifier);
    const pkg = name === undefined ? undefined : workspaces.get(name);
    return name === undefined || pkg === undefined ? undefined : { name, pkg };
  };
  const conditionFor = (specifier: string, env: Environment, fromFile?: string) => {
    if (specifier.startsWith('#')) {
      const rel = fromFile === undefined ? undefined : nearestManifest(dirOf(fromFile));
      const map = rel === undefined ? undefined : manifest(rel)?.imports;
      return map === undefined ? undefined : chosenCondition(map, specifier, env.conditions);
    }
    const found = workspaceOf(specifier);
    const exports = found && manifest(found.pkg.manifest)?.exports;
    return exports === undefined || !found
      ? undefined
      : chosenCondition(exports, packageSubpath(specifier, found.name), env.conditions);
  };

  return {
    manifestFor: nearestManifest,
    packageType(dir) {
      const rel = nearestManifest(dir);
      const type = rel === undefined ? undefined : manifest(rel)?.type;
      return typeof type === 'string' ? type : undefined;
    },
    chosenCondition: conditionFor,
    workspace(specifier, env, typeOnly) {
      const found = workspaceOf(specifier);
      if (found === undefined) return undefined;
      const { name, pkg } = found;
      const condition = conditionFor(specifier, env);
      const tagged = (path: string, via: ResolvedVia): Outcome =>
        condition === undefined ? { kind: 'file', path, via } : { kind: 'file', path, via, condition };
      // Resolving the name from inside the package is Node's self-reference: its exports apply.
      const factory = plain.get(env, typeOnly);
      const own = landing(root, files, factory.sync(path.join(root, pkg.dir), specifier), specifier);
      if (own.kind === 'file') return tagged(own.path, 'workspace');
      const json = manifest(pkg.manifest) ?? {};
      const sub = packageSubpath(specifier, name);
      // What tsc reads (after the exports map): types first for types, main for values.
      const compilerFields = typeOnly ? ['types', 'typings', 'main'] : ['module', 'main'];
      const fields = typeOnly
        ? ['source', ...compilerFields, 'module']
        : ['source', ...compilerFields, 'types'];
      const fieldTargets = (names: string[]) =>
        names.map((f) => json[f]).filter((v): v is string => typeof v === 'string');
      const exact =
        json.exports !== undefined
          ? mapTargets(json.exports, sub, env.conditions)
          : sub === '.'
            ? fieldTargets(compilerFields)
            : [sub];
      const literal = findSourceFile(files, pkg.dir, exact, typeOnly, false);
      if (literal) return tagged(literal, 'workspace');
      const targets =
        json.exports !== undefined
          ? [...exact]
          : sub === '.'
            ? fieldTargets(fields)
            : [sub, `./src/${sub.slice(2)}`];
      if (sub === '.') targets.push('./src/index', './index');
      const mapped = findSourceFile(files, pkg.dir, targets, typeOnly);
      if (mapped) return tagged(mapped, 'source-field');
      return unresolved(
        () => `workspace package ${name} (${pkg.dir || 'the root'}) has no source file for ${sub}`,
      );
    },

    imports(fromFile, specifier, env, typeOnly) {
      const rel = nearestManifest(dirOf(fromFile));
      const map = rel === undefined ? undefined : manifest(rel)?.imports;
      if (rel === undefined || !isRecord(map))
        return unresolved(
          (from) => `${specifier} from ${from}: no enclosing package.json has an imports map`,
        );
      const targets = mapTargets(map, specifier, env.conditions);
      if (targets.length === 0)
        return unresolved(() => `${specifier} is not defined in the imports of ${rel}`);
      // An imports target may name a package instead of a file (`"#dep": "dep-polyfill"`).
      const bare = targets.find((t) => !t.startsWith('.'));
      const external = bare === undefined ? undefined : packageName(bare);
      const local = targets.filter((t) => t.startsWith('.'));
      const condition = chosenCondition(map, specifier, env.conditions);
      const tag = condition === undefined ? {} : { condition };
      const literal = findSourceFile(files, dirOf(rel), local, typeOnly, false);
      if (literal) return { kind: 'file', path: literal, ...tag };
      const found = findSourceFile(files, dirOf(rel), local, typeOnly);
      if (found) return { kind: 'file', path: found, via: 'imports-source', ...tag };
      if (external) return { kind: 'external', name: external };
      return unresolved(() => `${specifier} maps to ${targets[0]} in ${rel}, but no file matches`);
    },
  };
}
