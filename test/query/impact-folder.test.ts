import { describe, expect, it } from 'vitest';
import { impact } from '../../src/query/impact.js';
import { openSession } from '../../src/query/session.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

describe('impact of a folder', () => {
  it('names the first 20 target files and counts them all, so the answer stays small', async () => {
    const files: Record<string, string> = { 'src/app.ts': '' };
    const imports: string[] = [];
    for (let i = 0; i < 30; i++) {
      files[`src/lib/m${String(i).padStart(2, '0')}.ts`] = `export const m${i} = ${i};\n`;
      imports.push(`import { m${i} } from './lib/m${String(i).padStart(2, '0')}.js';`);
    }
    files['src/app.ts'] = `${imports.join('\n')}\n`;
    const root = tmpRepo(files);
    await scan({ root });
    const session = openSession(root);
    try {
      const answer = impact(session, 'src/lib');
      expect(answer.target.paths).toHaveLength(20);
      expect(answer.target.paths_total).toBe(30);
      expect(answer.items.map((i) => i.path)).toEqual(['src/app.ts']);
    } finally {
      session.close();
    }
  });
});
