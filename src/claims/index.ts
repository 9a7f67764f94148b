/** The claims facade: build a repo view, investigate documents, render; plus the gate rule. */
import { EXCLUDED_DIRS } from '../model/constants.js';
import { isExcludedPath } from '../model/paths.js';
import type { ClaimsReport } from './schema.js';

export { DETECTORS } from './detectors/index.js';
export { renderSarif } from './render-sarif.js';
export { renderText } from './render-text.js';
export { type ClaimsRepo, claimsRepoFromMap } from './repo.js';
export { blocked, type ClaimsInput, investigate } from './report.js';
export type * from './schema.js';
export { claimsReportSchema } from './schema.js';

/** Files read when none are named: docs and agent-context files, at the root. */
export const DEFAULT_CLAIM_FILES = [
  'README.md',
  'AGENTS.md',
  'CLAUDE.md',
  '.github/copilot-instructions.md',
  '.cursor/rules',
  'CONTRIBUTING.md',
] as const;

/** Agent-context and readme names read wherever they are (a package's own README, a nested CLAUDE.md). */
const NESTED = /(?:^|\/)(?:readme|agents|claude|contributing)\.mdx?$/i;
/** Folders whose documents agents read as instructions. */
const AGENT_FOLDERS =
  /^(?:\.claude\/(?:skills|commands|agents)\/.+|\.cursor\/rules\/.+|\.github\/instructions\/.+)\.(?:mdx?|mdc)$/;
/** Test data: documents written to be wrong on purpose, or to describe a repository of their own. */
const FIXTURES = /(?:^|\/)(?:fixtures|__fixtures__|testdata|test-data|__snapshots__)\//;
const DOCS = /(?:^|\/)docs?\/.+\.mdx?$/;

/**
 * Default documents among the repository's files: the fixed names, READMEs and agent files at any
 * depth (any case), agent instruction folders, and docs/**\/*.md(x). Vendored and generated
 * folders are never read: their docs describe other projects.
 */
export function defaultClaimFiles(files: Iterable<string>): string[] {
  const fixed = new Set<string>(DEFAULT_CLAIM_FILES);
  return [...files]
    .filter(
      (f) =>
        !isExcludedPath(f, EXCLUDED_DIRS) &&
        !FIXTURES.test(f) &&
        (fixed.has(f) || NESTED.test(f) || AGENT_FOLDERS.test(f) || DOCS.test(f)),
    )
    .sort();
}

/** Exit 1 when a claim is contradicted (or unverified under --strict), or the run was blocked. */
export function gateExitCode(report: ClaimsReport, strict: boolean): 0 | 1 {
  if (report.type === 'blocked_execution_report') return 1;
  const s = report.summary;
  return s.contradicted > 0 || (strict && s.unverified > 0) ? 1 : 0;
}
