import { describe, expect, it } from 'vitest';
import { adversarialSelfTest } from '../../src/claims/adversarial.js';
import { skeleton } from '../../src/claims/confusables.js';
import { controlRepo } from '../../src/claims/controls.js';
import { DETECTORS } from '../../src/claims/detectors/index.js';
import { investigate } from '../../src/claims/index.js';

const results = adversarialSelfTest(DETECTORS);

describe('adversarial self-test', () => {
  it.each(results.map((r) => [r.detector, r.case, r] as const))('%s: %s', (_d, _c, r) => {
    expect(r.verdict).not.toBe('verified');
    expect(r.passed).toBe(true);
  });

  it('covers every detector', () => {
    expect(new Set(results.map((r) => r.detector))).toEqual(
      new Set(Object.values(DETECTORS).map((d) => d.name)),
    );
  });

  it('homoglyphs: the skeleton matches, the token does not', () => {
    expect(skeleton('cre\u0430teServer')).toBe('createServer');
    const r = investigate({
      repo: controlRepo(),
      documents: new Map([['README.md', 'Use `cre\u0430teServer()`.']]),
    });
    expect(r.verdicts[0]).toMatchObject({ verdict: 'contradicted', near_misses: ['createServer'] });
  });

  it('comments and strings are not exports: the facts come from the parser over real source', () => {
    const exports = controlRepo()
      .exports.get('src/server.ts')!
      .map((e) => e.name);
    expect(exports).toContain('createServer');
    expect(exports).not.toContain('ghost');
    expect(exports).not.toContain('alsoGhost');
    expect(exports).not.toContain('strName');
  });

  it('undecodable links and NUL bytes in documents are ignored, never thrown on', () => {
    const doc = '[a](src/%E0%A4%A.ts) [b](../../etc/passwd) [c](/etc/passwd) `src/a\u0000.ts`';
    const r = investigate({ repo: controlRepo(), documents: new Map([['README.md', doc]]) });
    for (const v of r.verdicts) expect(v.verdict).toBe('unverified');
    expect(r.verdicts.map((v) => v.reason.split(':')[0])).toEqual(
      expect.arrayContaining(['ignored', 'rejected']),
    );
  });
});
