/**
 * Choosing the event source, and falling back to @parcel/watcher when inotify runs out of
 * watches (ENOSPC), at the start or on a folder made later. fs.watch is wrapped so a test can
 * make it fail as the kernel would past fs.inotify.max_user_watches.
 */
import * as fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChangeSubscription, chooseEventSource, watchChanges } from '../../src/resident/events.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const limit = vi.hoisted(() => ({ watchesLeft: Number.POSITIVE_INFINITY }));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const watch = ((...args: Parameters<typeof real.watch>) => {
    if (limit.watchesLeft-- <= 0)
      throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), {
        code: 'ENOSPC',
      });
    return real.watch(...args);
  }) as typeof real.watch;
  return { ...real, watch, default: { ...real, watch } };
});

const open: ChangeSubscription[] = [];
afterEach(async () => {
  limit.watchesLeft = Number.POSITIVE_INFINITY;
  for (const s of open.splice(0)) await s.close();
});

async function subscribe(root: string) {
  const seen: string[] = [];
  const notes: string[] = [];
  const errors: unknown[] = [];
  const subscription = await watchChanges(
    root,
    {
      onChange: (paths) => seen.push(...paths.map((p) => path.relative(root, p))),
      onError: (e) => errors.push(e),
      onNote: (n) => notes.push(n),
    },
    () => [],
    { source: 'inotify' },
  );
  open.push(subscription);
  const reported = async (rel: string, from = 0) => {
    for (let i = 0; i < 600 && !seen.slice(from).includes(rel); i++)
      await new Promise((r) => setTimeout(r, 5));
    return seen.slice(from).includes(rel);
  };
  return { subscription, seen, notes, errors, reported };
}

describe('event source choice', () => {
  it('takes what is asked, else inotify on Linux, and refuses an unknown name in one line', () => {
    expect(chooseEventSource('parcel')).toBe('parcel');
    expect(chooseEventSource('inotify')).toBe('inotify');
    expect(chooseEventSource('')).toBe(process.platform === 'linux' ? 'inotify' : 'parcel');
    expect(() => chooseEventSource('fsevents')).toThrow(
      /PROOFMAP_WATCH_EVENTS=fsevents: expected inotify or parcel/,
    );
  });

  it('falls back to @parcel/watcher when inotify has no watch left at the start', async () => {
    const root = tmpRepo({ 'src/a.ts': '' });
    limit.watchesLeft = 1;
    const { subscription, notes, errors, reported } = await subscribe(root);
    expect(subscription.source).toBe('parcel');
    expect(notes).toEqual([
      'inotify watch limit reached (fs.inotify.max_user_watches); watching with @parcel/watcher instead',
    ]);
    fs.appendFileSync(path.join(root, 'src/a.ts'), '// edit\n');
    expect(await reported('src/a.ts')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('falls back when a folder made later cannot be watched, and reports that folder again', async () => {
    const root = tmpRepo({ 'src/a.ts': '' });
    limit.watchesLeft = 2; // the root and src/
    const { subscription, seen, notes, reported } = await subscribe(root);
    expect(subscription.source).toBe('inotify');
    fs.mkdirSync(path.join(root, 'src/new'));
    for (let i = 0; i < 400 && subscription.source !== 'parcel'; i++)
      await new Promise((r) => setTimeout(r, 5));
    expect(subscription.source).toBe('parcel');
    expect(notes).toHaveLength(1);
    // Reported after parcel is on, so the rescan it leads to sees everything made meanwhile.
    expect(await reported('src/new')).toBe(true);
    const from = seen.length;
    fs.writeFileSync(path.join(root, 'src/new/b.ts'), 'export {};\n');
    expect(await reported('src/new/b.ts', from)).toBe(true);
  });
});
