/** State detector: the Node version the docs state versus engines.node of the root package. */
import { minMajor } from './relation.js';
import { type Detector, decision } from './types.js';

export const enginesDetector: Detector<'engines'> = {
  name: 'engines',
  check: 'engines',
  decide(subject, repo) {
    const root = repo.packages.find((p) => p.manifest === 'package.json');
    const range = root?.facts.engines.node;
    if (!root || range === undefined) return decision('unverified', 'package.json declares no engines.node');
    const evidence = [{ path: root.manifest, excerpt: `"node": "${range}"` }];
    const major = minMajor(range);
    if (major === undefined)
      return decision('unverified', `engines.node "${range}" names no version`, evidence);
    return major === subject.major
      ? decision('verified', `engines.node is "${range}"`, evidence)
      : decision('contradicted', `the docs say Node ${subject.major}, engines.node is "${range}"`, evidence);
  },
};
