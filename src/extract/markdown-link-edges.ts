/**
 * Relative links → `links-to` edges, or findings when the target or its anchor does not exist.
 * A link to a folder is valid (GitHub lists it); it becomes an edge to the folder's README, which
 * is what GitHub shows there, and is otherwise recorded as coverage, since folders are not nodes.
 */
import { EXCLUDED_DIRS, isExcludedPath } from '../model/index.js';
import { customHeadingId, docsSite, sitePageCandidates } from './markdown-link-site.js';
import { lineAnchor, resolveLinkTarget } from './markdown-link-target.js';
import { isMarkdownPath } from './markdown-parse.js';
import type { DocFacts, DocFinding, DocLinkFact, DocLinks, RepoView } from './markdown-types.js';

const README_NAMES = ['README.md', 'readme.md', 'Readme.md', 'README.mdx', 'README.markdown', 'README'];

/** What one link amounts to; `rest` completes the sentence "path:line links to X, …". */
interface Outcome {
  target?: string;
  anchor?: string;
  problem?: { code: DocFinding['code']; rest: string };
  skipped?: string;
}

export function linkEdges(path: string, facts: DocFacts, repo: RepoView, out: DocLinks): void {
  const ownSlugs = new Set(facts.headings.map((heading) => heading.slug));
  // `## Title {#custom-id}`: docs sites anchor the heading at its explicit id.
  for (const heading of facts.headings) {
    const id = customHeadingId(heading.text);
    if (id) ownSlugs.add(id);
  }
  for (const link of facts.links) {
    const { target, anchor, problem, skipped } = outcome(path, link.raw, ownSlugs, repo);
    const at = `${path}:${link.line}`;
    if (problem) {
      const { line, column, raw } = link;
      out.findings.push({
        code: problem.code,
        path,
        line,
        column,
        target: raw,
        message: `${at} links to ${raw}, ${problem.rest}`,
      });
    }
    if (skipped)
      out.coverage.push({
        analyzer: 'markdown',
        scope: at,
        status: 'skipped',
        reason: skipped,
        detail: link.raw,
      });
    if (target) out.edges.push(edge(link, target, anchor));
  }
}

function outcome(path: string, raw: string, ownSlugs: ReadonlySet<string>, repo: RepoView): Outcome {
  const resolved = resolveLinkTarget(path, raw);
  if (resolved.kind === 'ignored') return {};
  if (resolved.kind === 'root')
    return { skipped: 'The link names the repository root, which is not a node.' };
  if (resolved.kind === 'broken')
    return { problem: { code: 'broken-link', rest: `which ${resolved.reason}` } };
  const { anchor } = resolved;
  // `./index.md#x` from docs/index.md is a same-document link: checked, but no self-edge.
  if (resolved.target === '' || resolved.target === path) {
    return {
      problem: anchor ? anchorProblem('this document', anchor, ownSlugs, repo.lineCount(path)) : undefined,
    };
  }
  const file = fileOf(resolved.target, repo);
  if (typeof file !== 'string') return file;
  const slugs = isMarkdownPath(file) ? repo.headings(file) : undefined;
  const problem = anchor ? anchorProblem(file, anchor, slugs, repo.lineCount(file)) : undefined;
  return { target: file, anchor, problem };
}

/** The discovered file a link target names (a folder's README for a folder), or why there is none. */
function fileOf(target: string, repo: RepoView): string | Outcome {
  if (repo.files.has(target)) return target;
  if (isExcludedPath(target, EXCLUDED_DIRS)) {
    return {
      skipped: `The link points into an excluded folder (${target}), which is not scanned, so it was not checked.`,
    };
  }
  const page = sitePageCandidates(target).find((file) => repo.files.has(file));
  if (page) {
    // `../guide/overview` is `overview.mdx` on a docs site, and a 404 on GitHub.
    if (docsSite(repo.files)) return page;
    if (!directoriesOf(repo.files).has(target))
      return {
        skipped: `The link names ${target}, which only a docs site serves (from ${page}); no docs-site config was found, so it was not checked.`,
      };
  }
  if (!directoriesOf(repo.files).has(target))
    return { problem: { code: 'broken-link', rest: 'which does not exist' } };
  const readme = README_NAMES.map((name) => `${target}/${name}`).find((file) => repo.files.has(file));
  return (
    readme ?? {
      skipped: `The link names the folder ${target}, which exists but is not a node and has no README.`,
    }
  );
}

function edge(link: DocLinkFact, target: string, anchor: string | undefined) {
  const { line, column, excerpt, literal } = link;
  const base = {
    relation: 'links-to' as const,
    target,
    line,
    column,
    excerpt,
    verifiedBy: `grep:${literal}`,
  };
  return anchor ? { ...base, anchor } : base;
}

/**
 * Heading anchors are checked where headings are known (Markdown), line anchors where the length
 * is known; a Markdown file accepts either (`?plain=1#L5` is how GitHub links a line of a doc).
 * Other anchors (into code, or files without known headings) cannot be checked and are accepted.
 */
function anchorProblem(
  label: string,
  anchor: string,
  slugs: ReadonlySet<string> | undefined,
  count: number | undefined,
): Outcome['problem'] {
  if (slugs && hasHeading(slugs, anchor)) return undefined;
  const lines = lineAnchor(anchor);
  if (lines) {
    const first = Math.min(lines.start, lines.end);
    const last = Math.max(lines.start, lines.end);
    if (count === undefined || (first >= 1 && last <= count)) return undefined;
    const rest =
      first < 1
        ? 'but lines are numbered from 1'
        : `but ${label} has only ${count} line${count === 1 ? '' : 's'}`;
    return { code: 'broken-line-anchor', rest };
  }
  return slugs ? { code: 'broken-anchor', rest: `but ${label} has no heading #${anchor}` } : undefined;
}

/** GitHub prefixes heading ids with `user-content-` and matches anchors case-insensitively. */
function hasHeading(slugs: ReadonlySet<string>, anchor: string): boolean {
  const bare = anchor.startsWith('user-content-') ? anchor.slice('user-content-'.length) : anchor;
  return slugs.has(bare) || slugs.has(bare.toLowerCase());
}

const directoryCache = new WeakMap<ReadonlySet<string>, Set<string>>();

/** Every folder holding a discovered file, computed once per file set rather than once per link. */
function directoriesOf(files: ReadonlySet<string>): Set<string> {
  let dirs = directoryCache.get(files);
  if (dirs) return dirs;
  dirs = new Set();
  for (const file of files) {
    for (let slash = file.indexOf('/'); slash >= 0; slash = file.indexOf('/', slash + 1))
      dirs.add(file.slice(0, slash));
  }
  directoryCache.set(files, dirs);
  return dirs;
}
