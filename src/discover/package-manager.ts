/**
 * Which package manager a repository uses, and how to run a package's script with it. The
 * `packageManager` field of the root package.json decides (corepack reads it too); else the
 * lockfile at the root; else npm. Takes a reader so queries, which read through their session,
 * and `init`, which reads the disk, share one answer.
 */
import type { Evidence } from '../model/types.js';

export type PackageManagerName = 'npm' | 'pnpm' | 'yarn' | 'bun';

export interface PackageManager {
  name: PackageManagerName;
  /** What decided it, for a reader to check. */
  why: string;
  evidence?: Evidence;
}

const LOCKFILES: [string, PackageManagerName][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['yarn.lock', 'yarn'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/** `exists` may be cheaper than reading (a lockfile can be megabytes); it defaults to reading. */
export function detectPackageManager(
  readText: (rel: string) => string | undefined,
  exists: (rel: string) => boolean = (rel) => readText(rel) !== undefined,
): PackageManager {
  const manifest = readText('package.json');
  const field = manifest ? /"packageManager"\s*:\s*"(npm|pnpm|yarn|bun)@/.exec(manifest) : null;
  if (field) {
    const line = manifest!.slice(0, field.index).split('\n').length;
    return {
      name: field[1] as PackageManagerName,
      why: 'the packageManager field of package.json',
      evidence: { source: 'manifest', path: 'package.json', line },
    };
  }
  for (const [file, name] of LOCKFILES)
    if (exists(file))
      return { name, why: `${file} at the root`, evidence: { source: 'manifest', path: file } };
  return { name: 'npm', why: 'no packageManager field and no lockfile, so npm' };
}

/** The command that runs `script` of the package in `dir` ('' for the root), from the root. */
export function runScript(pm: PackageManagerName, script: string, dir: string): string {
  const run = script === 'test' && pm !== 'bun' ? 'test' : `run ${script}`;
  if (dir === '') return `${pm} ${run}`;
  switch (pm) {
    case 'npm':
      return `npm --prefix ${dir} ${run}`;
    case 'pnpm':
      return `pnpm -C ${dir} ${run}`;
    case 'yarn':
      return `yarn --cwd ${dir} ${run}`;
    case 'bun':
      return `bun --cwd ${dir} ${run}`;
  }
}

/** Script names that mutate the tree or need a person at the keyboard. */
const UNATTENDED_NAME =
  /(^|[:_.-])(fix|write|format|fmt|watch|dev|debug|headed|headful|ui|update|snapshot|open|serve|interactive|coverage-ui)($|[:_.-])/;
const UNATTENDED_COMMAND =
  /--(fix|write|watch|watchAll|ui|headed|debug|inspect(-brk)?|update|updateSnapshot|open)\b|\s-[uw]\b|\bnodemon\b|\bwatch\b/;

/** Whether an agent may run a script unattended: it neither rewrites files nor waits for a person. */
export function isUnattendedSafe(name: string, command: string): boolean {
  return !UNATTENDED_NAME.test(name) && !UNATTENDED_COMMAND.test(` ${command}`);
}
