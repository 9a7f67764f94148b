import { describe, expect, it } from 'vitest';
import { checkMarker, signMarker } from '../../src/gate/marker.js';

const key = Buffer.alloc(32, 7);
const base = { path: 'src/core.ts', hash: 'h1', epoch: 1, query: 'impact src/core.ts', time: 1_000 };

describe('consult markers', () => {
  it('verify as written, before and after a session claims them', () => {
    const fresh = signMarker(key, '/repo', base);
    expect(checkMarker(key, '/repo', fresh, 'h1', 2_000, 10_000, 'any-session').ok).toBe(true);
    const claimed = signMarker(key, '/repo', { ...fresh, session: 's1', edit: 'toolu_1' });
    expect(checkMarker(key, '/repo', claimed, 'h1', 2_000, 10_000, 's1').ok).toBe(true);
    expect(checkMarker(key, '/repo', claimed, 'h1', 2_000, 10_000, 's2')).toMatchObject({
      ok: false,
      reason: 'other-session',
    });
  });

  it('count a session rewritten by hand as forged, like any other field', () => {
    const claimed = signMarker(key, '/repo', { ...base, session: 's1' });
    expect(checkMarker(key, '/repo', { ...claimed, session: 's2' }, 'h1', 2_000, 10_000, 's2')).toMatchObject(
      {
        ok: false,
        reason: 'forged',
      },
    );
    expect(checkMarker(key, '/repo', { ...claimed, hash: 'h2' }, 'h2', 2_000, 10_000, 's1').ok).toBe(false);
  });

  it('lapse when the file changed or the consultation is older than the configured age', () => {
    const m = signMarker(key, '/repo', base);
    expect(checkMarker(key, '/repo', m, 'h2', 2_000, 10_000)).toMatchObject({ reason: 'stale' });
    expect(checkMarker(key, '/repo', m, 'h1', 20_000, 10_000)).toMatchObject({ reason: 'expired' });
  });
});
