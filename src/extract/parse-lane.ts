/**
 * A parse worker's lane as it crosses threads: every text in one UTF-8 buffer that is transferred,
 * not copied, with the paths and byte ends beside it. Posted as strings, a lane's ~3,500 texts
 * were deserialised into the worker's young generation at once and copied by its first
 * scavenges (~60–90 ms each, measured on a 7k-file repository); here each text is decoded only
 * when its part is parsed, and is garbage right after.
 */
import type { Job, ParseJobs } from './parse-pool.js';

export const LANGUAGES = ['jsTs', 'python', 'go', 'rust'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PackedLane {
  paths: Record<Language, string[]>;
  /** Where each file's bytes end in `bytes`, per language in LANGUAGES order over one buffer. */
  ends: Record<Language, number[]>;
  bytes: Uint8Array;
  /**
   * Texts UTF-8 cannot carry unchanged (a lone surrogate would come back as U+FFFD), posted as
   * they are: [language, index, text]. Decoded files never hold one; a caller's string might.
   */
  loose: [Language, number, string][];
}

export function packLane(jobs: ParseJobs): PackedLane {
  const lane: PackedLane = {
    paths: { jsTs: [], python: [], go: [], rust: [] },
    ends: { jsTs: [], python: [], go: [], rust: [] },
    bytes: new Uint8Array(0),
    loose: [],
  };
  let total = 0;
  for (const language of LANGUAGES)
    for (const { text } of jobs[language]) total += wellFormed(text) ? Buffer.byteLength(text) : 0;
  // Not from Buffer's shared pool: the whole ArrayBuffer is this lane's, so it can be transferred.
  const bytes = Buffer.allocUnsafeSlow(total);
  let at = 0;
  for (const language of LANGUAGES)
    jobs[language].forEach(({ path, text }, index) => {
      lane.paths[language].push(path);
      if (wellFormed(text)) at += bytes.write(text, at, 'utf8');
      else lane.loose.push([language, index, text]);
      lane.ends[language].push(at);
    });
  lane.bytes = bytes;
  return lane;
}

/** Files from…to of one language, their texts decoded now. */
export function unpackJobs(lane: PackedLane, language: Language, from: number, to: number): Job[] {
  const bytes = Buffer.from(lane.bytes.buffer, lane.bytes.byteOffset, lane.bytes.byteLength);
  const ends = lane.ends[language];
  const loose = new Map(lane.loose.filter(([l]) => l === language).map(([, i, text]) => [i, text]));
  const jobs: Job[] = [];
  for (let i = from; i < Math.min(to, ends.length); i++) {
    const start = i > 0 ? ends[i - 1]! : startOf(lane, language);
    jobs.push({
      path: lane.paths[language][i]!,
      text: loose.get(i) ?? bytes.toString('utf8', start, ends[i]),
    });
  }
  return jobs;
}

/** Where a language's first file starts: the end of the last file of the languages before it. */
function startOf(lane: PackedLane, language: Language): number {
  let start = 0;
  for (const other of LANGUAGES) {
    if (other === language) return start;
    start = lane.ends[other].at(-1) ?? start;
  }
  return start;
}

const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();
