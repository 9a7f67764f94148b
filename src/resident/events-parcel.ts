/**
 * File events from @parcel/watcher for the whole tree: the source off Linux, and the fallback
 * when inotify runs out of watches. On Linux it holds each event at least 50 ms (its debounce).
 */
import watcher from '@parcel/watcher';
import { ALWAYS_EXCLUDED_DIRS, OUTPUT_DIR } from '../model/constants.js';
import type { ChangeListener, ChangeSubscription } from './events.js';

export async function watchWithParcel(root: string, listener: ChangeListener): Promise<ChangeSubscription> {
  const subscription = await watcher.subscribe(
    root,
    (error, events) => (error ? listener.onError(error) : listener.onChange(events.map((e) => e.path))),
    // Only what no listing ever holds: git lists tracked files in build/ or dist/ folders too.
    { ignore: [...ALWAYS_EXCLUDED_DIRS.map((d) => `**/${d}`), OUTPUT_DIR] },
  );
  return { source: 'parcel', close: () => subscription.unsubscribe() };
}
