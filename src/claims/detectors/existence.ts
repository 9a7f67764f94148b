/** Existence detectors: a path exists in the repository; a heading anchor exists in a document. */
import { EXCLUDED_DIRS } from '../../model/constants.js';
import { nearMisses } from '../near-miss.js';
import { decodeOnce, existing, locate } from './repo-path.js';
import { type Detector, decision } from './types.js';

export const pathDetector: Detector<'path'> = {
  name: 'path',
  check: 'path',
  decide(subject, repo) {
    const where = locate(subject.path, subject.from, repo, subject.encoded);
    if (!where.ok) return decision('unverified', `${where.outcome}: ${where.reason}`);
    for (const p of where.candidates) {
      const found = existing(p, repo);
      if (found) return decision('verified', `the ${found} ${p} exists`, [{ path: p }]);
    }
    const first = where.candidates[0]!;
    // Build output and vendored folders are never scanned: absence there proves nothing.
    if (first.split('/').some((s) => EXCLUDED_DIRS.includes(s)))
      return decision('unverified', `${first} is in a generated or excluded folder, which is not scanned`);
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
    return decision('contradicted', `${first} does not exist`, [], misses);
  },
};

export const headingDetector: Detector<'heading'> = {
  name: 'heading',
  check: 'heading',
  decide(subject, repo) {
    const anchor = decodeOnce(subject.anchor);
    if (anchor === undefined) return decision('unverified', 'ignored: undecodable percent-encoding');
    if (anchor.includes('\0')) return decision('unverified', 'ignored: the anchor holds a NUL byte');
    if (!repo.files.has(subject.doc))
      return decision('unverified', `${subject.doc} is not in the repository`);
    const slugs = repo.headings(subject.doc);
    if (!slugs) return decision('unverified', `${subject.doc} could not be read as Markdown`);
    // GitHub slugs are lower case and its anchor lookup ignores case: `#makeRe` reaches `makere`.
    if (slugs.has(anchor) || slugs.has(anchor.toLowerCase()))
      return decision('verified', `${subject.doc} has a heading #${anchor}`, [{ path: subject.doc }]);
    return decision(
      'contradicted',
      `${subject.doc} has no heading #${anchor}`,
      [{ path: subject.doc }],
      nearMisses(anchor, slugs).map((s) => `#${s}`),
    );
  },
};
