/**
 * Our own reading of tsconfig.json / jsconfig.json: which config governs a file, and its `paths`
 * and `baseUrl` after `extends`. oxc-resolver applies configs itself; this reading lets us tell an
 * unresolved alias from an npm package, and still apply `paths` when oxc refuses a config whose
 * `extends` names a package that is not installed. It reads discovered files only.
 */
import path from 'node:path';
import { joinRepoPath, normalizeRepoPath } from '../model/paths.js';
import { isRecord, parseJsonc } from './jsonc.js';
import { packageName } from './specifier.js';

export interface ConfigReading {
  /** Repo-relative path of the config file. */
  path: string;
  /** `paths` after extends: pattern → repo-relative target patterns. */
  paths?: Record<string, string[]>;
  /** `baseUrl` after extends, repo-relative ('' for the root). */
  baseUrl?: string;
  /** True when the config itself lists project references (references are not inherited). */
  references: boolean;
  /**
   * `moduleResolution` after extends, lower-cased (`node` read as node10); when absent, what
   * `module` implies: node16/nodenext follow it, `preserve` means bundler, anything else node10.
   */
  moduleResolution: string;
  /** `customConditions` after extends: extra export-map conditions tsc matches. */
  customConditions: string[];
  /** `extends` entries that are not discovered files, and configs that do not parse. */
  unreadable: string[];
}

export interface ConfigSource {
  files: ReadonlySet<string>;
  readText(rel: string): string | undefined;
  /** Directory of a workspace package, so `extends: "@repo/tsconfig/base.json"` reads without node_modules. */
  workspaceDir(name: string): string | undefined;
}

interface Layer {
  baseUrl?: string;
  paths?: Record<string, string[]>;
  /** Directory of the config that set `paths`: targets are relative to it when there is no baseUrl. */
  pathsDir?: string;
  references?: boolean;
  moduleResolution?: string;
  module?: string;
  customConditions?: string[];
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: tsconfig's literal placeholder, not a template.
const CONFIG_DIR = '${configDir}';

export const dirOf = (rel: string): string => {
  const dir = path.posix.dirname(rel);
  return dir === '.' ? '' : dir;
};

export function readConfig(source: ConfigSource, rel: string): ConfigReading {
  const unreadable: string[] = [];
  const leafDir = dirOf(rel);
  const top = readLayer(source, rel, leafDir, unreadable, new Set());
  const reading: ConfigReading = {
    path: rel,
    references: top.references === true,
    unreadable,
    moduleResolution: impliedResolution(top),
    customConditions: top.customConditions ?? [],
  };
  if (top.baseUrl !== undefined) reading.baseUrl = top.baseUrl;
  if (top.paths) {
    const base = top.baseUrl ?? top.pathsDir ?? leafDir;
    const paths: Record<string, string[]> = {};
    for (const [pattern, targets] of Object.entries(top.paths)) {
      paths[pattern] = targets.flatMap((t) => configPath(t, base, leafDir) ?? []);
    }
    reading.paths = paths;
  }
  return reading;
}

function readLayer(
  source: ConfigSource,
  rel: string,
  leafDir: string,
  unreadable: string[],
  seen: Set<string>,
): Layer {
  if (seen.has(rel)) return {};
  seen.add(rel);
  const json = parseJsonc(source.readText(rel) ?? '');
  if (!isRecord(json)) {
    unreadable.push(rel);
    return {};
  }
  const layer: Layer = {};
  const bases =
    typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
  // Later bases override earlier ones, and the config itself overrides them all (tsc's order).
  for (const base of bases) {
    const found = typeof base === 'string' ? locateExtends(source, rel, base) : undefined;
    if (found) Object.assign(layer, readLayer(source, found, leafDir, unreadable, seen));
    else unreadable.push(String(base));
  }
  const options = isRecord(json.compilerOptions) ? json.compilerOptions : {};
  const dir = dirOf(rel);
  if (typeof options.baseUrl === 'string') {
    const baseUrl = configPath(options.baseUrl, dir, leafDir);
    if (baseUrl !== undefined) layer.baseUrl = baseUrl;
  }
  if (isRecord(options.paths)) {
    layer.paths = {};
    for (const [k, v] of Object.entries(options.paths))
      layer.paths[k] = Array.isArray(v) ? v.filter((t) => typeof t === 'string') : [];
    layer.pathsDir = dir;
  }
  for (const key of ['moduleResolution', 'module'] as const)
    if (typeof options[key] === 'string') layer[key] = options[key].toLowerCase();
  if (Array.isArray(options.customConditions))
    layer.customConditions = options.customConditions.filter((c) => typeof c === 'string');
  layer.references = Array.isArray(json.references) && json.references.length > 0;
  return layer;
}

function impliedResolution(layer: Layer): string {
  if (layer.moduleResolution) return layer.moduleResolution === 'node' ? 'node10' : layer.moduleResolution;
  const module = layer.module ?? '';
  if (module === 'node16' || module === 'node18' || module === 'node20') return 'node16';
  if (module === 'nodenext') return 'nodenext';
  if (module === 'preserve') return 'bundler';
  // classic (module es2015, amd …) reads no exports map either: for conditions it is node10.
  return 'node10';
}

/** A config-relative path made repo-relative; `${configDir}` is the directory of the leaf config. */
function configPath(value: string, dir: string, leafDir: string): string | undefined {
  const [base, rest] = value.startsWith(CONFIG_DIR)
    ? [leafDir, `.${value.slice(CONFIG_DIR.length)}`]
    : [dir, value];
  const joined = path.posix.join(base, rest);
  return joined === '.' ? '' : normalizeRepoPath(joined);
}

function locateExtends(source: ConfigSource, fromRel: string, target: string): string | undefined {
  let stem: string | undefined;
  if (target.startsWith('./') || target.startsWith('../')) stem = joinRepoPath(fromRel, target);
  else {
    const name = packageName(target);
    const dir = name === undefined ? undefined : source.workspaceDir(name);
    if (name !== undefined && dir !== undefined) {
      const joined = [dir, target.slice(name.length + 1)].filter(Boolean).join('/');
      stem = joined === '' ? '' : normalizeRepoPath(joined);
    }
  }
  if (stem === undefined) return undefined;
  const candidates = stem === '' ? ['tsconfig.json'] : [stem, `${stem}.json`, `${stem}/tsconfig.json`];
  return candidates.find((c) => source.files.has(c));
}
