/** Existence detectors: a path exists in the repository; a heading anchor exists in a document. */

import { docsSite, sitePageCandidates } from '../../extract/markdown-link-site.js';
import { EXCLUDED_DIRS } from '../../model/constants.js';
import { nearMisses } from '../near-miss.js';
import { notShipped } from '../published.js';
import { codeReadings, pathReadings, type Reading } from '../readings.js';
import type { ClaimsRepo } from '../repo.js';
import { decodeOnce, existing, locate } from './repo-path.js';
import { type Decision, type Detector, decision } from './types.js';

export const pathDetector: Detector<'path'> = {
  name: 'path',
  check: 'path',
  decide(subject, repo) {
    const where = locate(subject.path, subject.from, repo, subject.encoded);
    if (!where.ok) return decision('unverified', `${where.outcome}: ${where.reason}`);
    const text = (subject.encoded ? decodeOnce(subject.path) : subject.path)!;
    const readings = pathReadings(text, subject.from, repo).filter((r) => !repo.escapes(r.path));
    const found = firstReading(readings, repo);
    if (found) return found;
    const first = where.candidates[0]!;
    // Build output and vendored folders are never scanned: absence there proves nothing.
    if (first.split('/').some((s) => EXCLUDED_DIRS.includes(s)))
      return decision('unverified', `${first} is in a generated or excluded folder, which is not scanned`);
    const unanalysed =
      readings.map((r) => repo.unanalysed?.(r.path)).find(Boolean) ?? repo.unanalysed?.(first);
    if (unanalysed)
      return decision(
        'unverified',
        `${JSON.stringify(unanalysed.name)} exists, but the scan did not analyse it: ${unanalysed.reason}`,
      );
    if (repo.onDisk(first))
      return decision(
        'unverified',
        `${first} exists on disk but the scan ignores it (git-ignored or excluded)`,
      );
    const skill = foreignSkill(subject.from);
    if (skill) return decision('unverified', `${first} does not exist, but ${skill}`);
    const copy = notShipped(first, repo);
    if (copy)
      return decision(
        'unverified',
        `${first} does not exist, but ${copy.manifest} "files" would not ship it: this is a packed copy, and the document was written for the source repository`,
        [{ path: copy.manifest }],
      );
    const misses = nearMisses(first, repo.files);
    // A bare `example.js` in prose is often a file the reader is told to create: only a link to
    // it, or a path with a folder, is a claim that it exists here.
    if (!subject.encoded && !subject.path.includes('/'))
      return decision(
        'unverified',
        `${first} does not exist; a bare file name may be one the reader creates`,
        [],
        misses,
      );
    const tried =
      readings.length > 1 ? ` (read ${readings.map((r) => r.how || 'as written').join(', ')})` : '';
    return decision('contradicted', `${first} does not exist${tried}`, [], misses);
  },
};

/** The first reading that names a file or folder: literal, then as code source, then as a site page. */
function firstReading(readings: Reading[], repo: ClaimsRepo): Decision | undefined {
  const said = (how: string) => (how ? ` (read ${how})` : '');
  for (const r of readings) {
    const kind = existing(r.path, repo);
    if (kind) return decision('verified', `the ${kind} ${r.path} exists${said(r.how)}`, [{ path: r.path }]);
  }
  for (const r of readings)
    for (const c of codeReadings(r, repo))
      if (repo.files.has(c.path))
        return decision('verified', `the file ${c.path} exists (read ${c.how})`, [{ path: c.path }]);
  const site = docsSite(repo.files);
  for (const r of readings)
    for (const page of sitePageCandidates(r.path))
      if (repo.files.has(page))
        return site
          ? decision('verified', `${site.generator} (${site.config}) serves ${r.path} from ${page}`, [
              { path: page },
              { path: site.config },
            ])
          : decision(
              'unverified',
              `${page} exists, but only a docs site would serve it for ${r.path}, and no docs-site config was found`,
              [{ path: page }],
            );
  return undefined;
}

/**
 * A SKILL.md (and its references) outside the agent folders is a skill shipped for other
 * projects: its paths name files of the project it is used in, not of this one.
 */
function foreignSkill(doc: string): string | undefined {
  const at = doc.split('/').indexOf('skills');
  if (at < 0) return undefined;
  if (
    doc
      .split('/')
      .slice(0, at)
      .some((s) => s.startsWith('.'))
  )
    return undefined;
  return `${doc} is a skill shipped for other projects, whose paths name files of the project using it`;
}

export const headingDetector: Detector<'heading'> = {
  name: 'heading',
  check: 'heading',
  decide(subject, repo) {
    const anchor = decodeOnce(subject.anchor);
    if (anchor === undefined) return decision('unverified', 'ignored: undecodable percent-encoding');
    if (anchor.includes('\0')) return decision('unverified', 'ignored: the anchor holds a NUL byte');
    const page = repo.files.has(subject.doc)
      ? subject.doc
      : sitePageCandidates(subject.doc).find((p) => repo.files.has(p));
    if (!page) return decision('unverified', `${subject.doc} is not in the repository`);
    if (page !== subject.doc && !docsSite(repo.files))
      return decision(
        'unverified',
        `${subject.doc} is served from ${page} only by a docs site, and no docs-site config was found`,
      );
    const doc = page;
    const slugs = repo.headings(doc);
    if (!slugs) return decision('unverified', `${doc} could not be read as Markdown`);
    // GitHub slugs are lower case and its anchor lookup ignores case: `#makeRe` reaches `makere`.
    const anchors = repo.anchors(doc);
    if (slugs.has(anchor) || slugs.has(anchor.toLowerCase())) {
      const line = anchors?.slugs.get(anchor) ?? anchors?.slugs.get(anchor.toLowerCase());
      return decision('verified', `${doc} has a heading #${anchor}`, [
        { path: doc, ...(line ? { line } : {}) },
      ]);
    }
    const bare = anchor.replace(/^user-content-/, '');
    const html = anchors?.html.get(bare);
    if (html !== undefined)
      return decision('verified', `${doc}:${html} has an HTML anchor ${bare}`, [{ path: doc, line: html }]);
    const custom = anchors?.custom.get(bare);
    if (custom !== undefined) {
      const site = docsSite(repo.files);
      return site
        ? decision(
            'verified',
            `${doc}:${custom} has the heading id {#${bare}}, which ${site.generator} honours`,
            [{ path: doc, line: custom }, { path: site.config }],
          )
        : decision(
            'unverified',
            `${doc}:${custom} has the heading id {#${bare}}, which docs sites honour and GitHub does not; no docs-site config was found`,
            [{ path: doc, line: custom }],
          );
    }
    return decision(
      'contradicted',
      `${doc} has no heading #${anchor}`,
      [{ path: doc }],
      nearMisses(anchor, slugs).map((s) => `#${s}`),
    );
  },
};
