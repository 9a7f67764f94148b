/**
 * Issue 22 item 7: a marker dated in the future would never expire. Even a correctly signed one
 * (minted by someone holding the key) is refused when its signing time is ahead of the clock;
 * the same marker dated now is accepted, so the date alone is what refuses it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signMarker } from '../../src/gate/marker.js';
import { diskHash } from '../../src/store/consult.js';
import { openIndex } from '../../src/store/index.js';
import { markerKey } from '../../src/store/marker-key.js';
import { cli, env, gatedRepo, preToolUse } from './hook-harness.js';

function plant(root: string, time: number) {
  const key = markerKey({ PROOFMAP_STATE_DIR: env.PROOFMAP_STATE_DIR });
  const store = openIndex(root);
  try {
    store.putMarker(
      signMarker(key, root, {
        path: 'src/core.ts',
        hash: diskHash(root, 'src/core.ts')!,
        epoch: store.epoch(),
        query: 'impact src/core.ts',
        time,
      }),
    );
  } finally {
    store.close();
  }
}

describe('hostile item 7: future-dated consult markers', () => {
  it('refuses a validly signed marker dated a year ahead, accepts it dated now', () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    const real = (p: string) => path.resolve(p);
    plant(real(root), Date.now() + 365 * 24 * 3600 * 1000);
    const future = preToolUse(root, 'src/core.ts', 'Edit');
    expect(future.decision).toBe('deny');
    expect(future.reason).toMatch(/Its consult marker is dated in the future, so it is not accepted/);
    plant(real(root), Date.now());
    expect(preToolUse(root, 'src/core.ts', 'Edit').decision).toBeUndefined();
  });
});
