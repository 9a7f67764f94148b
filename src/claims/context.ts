/** What extraction needs to know about the repository to tell a claim from a word. */
import { binsOf } from './detectors/behaviour.js';
import type { CommandContext } from './extract-commands.js';
import type { ProseContext } from './extract-prose.js';
import type { ClaimsRepo } from './repo.js';

export interface ExtractContext extends CommandContext, ProseContext {
  /** Names of the repository's own packages (import lines from them are export claims). */
  ownPackages: ReadonlySet<string>;
  /** First path segments of the repository's files: a slash-token is a path only under one. */
  topLevel: ReadonlySet<string>;
  /** Names that are something other than exports: scripts, bins, dependencies. */
  otherNames: ReadonlySet<string>;
}

export function extractContext(repo: ClaimsRepo): ExtractContext {
  const bins = new Set(binsOf(repo).keys());
  const root = repo.packages.find((p) => p.manifest === 'package.json') ?? repo.packages[0];
  const dependencies = new Set(root?.facts.dependencies.map((d) => d.name) ?? []);
  const ownPackages = new Set(repo.packages.map((p) => p.facts.name).filter((n): n is string => !!n));
  const scripts = repo.packages.flatMap((p) => p.facts.scripts.map((s) => s.name));
  const topLevel = new Set([...repo.files].map((f) => f.split('/')[0]!));
  return {
    bins,
    dependencies,
    ownPackages,
    topLevel,
    otherNames: new Set([...bins, ...dependencies, ...scripts]),
  };
}
