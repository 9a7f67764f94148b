/**
 * `proofmap scan [dir]`: builds .proofmap/map.json and prints a short summary. While a resident
 * (`proofmap watch`, `serve --watch`) holds the repository's map, it is asked instead: it proves
 * its map current and answers in one round trip, where a scan stats every file; the scan's own
 * modules are then never loaded.
 */
import { realpathSync } from 'node:fs';
import type { ProofMap } from '../../map/schema.js';
import { DEFAULT_MAX_FILE_BYTES } from '../../model/constants.js';
import { askResident } from '../../resident/scan-socket.js';
import type { ScanFinding } from '../../scan-support.js';
import { intOption, onlyDir, parse, repoDir } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { progress } from '../progress.js';
import { type CommandSpec, DIR_NOTE, helpText } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'scan',
  args: '[dir]',
  summary: 'Scan a repository into .proofmap/map.json and its SQLite index; later scans apply deltas.',
  notes: [DIR_NOTE, 'Exit code 1 when a guardian gate blocks the map (it stays "proposed").'],
  options: {
    json: { type: 'boolean', description: 'print the summary as JSON' },
    force: { type: 'boolean', description: 'a full build, never a delta' },
    'max-file-bytes': {
      type: 'string',
      value: 'N',
      default: String(DEFAULT_MAX_FILE_BYTES),
      description: 'files larger than N bytes are recorded as coverage, not parsed',
    },
  },
  examples: [
    'proofmap scan',
    'proofmap scan ../repo --json',
    'proofmap scan --force --max-file-bytes 2000000',
  ],
};

export async function scanCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const dir = repoDir(io, onlyDir(positionals, SPEC), 'scan');
  const started = performance.now();
  const maxFileBytes =
    values['max-file-bytes'] === undefined
      ? undefined
      : intOption(values['max-file-bytes'], 'max-file-bytes', 0, { min: 1 });
  // A resident scans as its configuration says: options that ask otherwise are a scan's own.
  const resident = values.force || maxFileBytes ? undefined : await askResident(realpathSync(dir));
  let summary: Summary;
  if (resident) {
    summary = summaryOf(resident, {
      findings: resident.findings,
      unchanged: !resident.updated,
      mode: 'resident',
      parsed: 0,
      reused: 0,
      ms: Math.round(performance.now() - started),
      timings: { resident: resident.ms },
    });
  } else {
    const { scan } = await import('../../scan.js');
    const show = progress(io);
    const result = await scan({
      root: dir,
      onProgress: show.stage,
      ...(values.force ? { force: true } : {}),
      ...(maxFileBytes ? { maxFileBytes } : {}),
    });
    show.done();
    if (result.recovered) io.stderr.write(`proofmap: ${result.recovered}\n`);
    summary = summaryOf(result, {
      findings: result.findings,
      unchanged: result.unchanged,
      mode: result.mode,
      ...(result.fullBecause ? { full_because: result.fullBecause } : {}),
      parsed: result.parsed,
      reused: result.reused,
      ms: Math.round(performance.now() - started),
      timings: result.timings,
    });
  }
  if (values.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else io.stdout.write(renderSummary(summary));
  return { exitCode: summary.blockers.length > 0 ? 1 : 0 };
}

/** The summary of a map (from a scan or a resident) and of how this run got it. */
function summaryOf(
  { root, mapFile, meta }: { root: string; mapFile?: string | undefined; meta: ProofMap['meta'] },
  run: Pick<
    Summary,
    'findings' | 'unchanged' | 'mode' | 'full_because' | 'parsed' | 'reused' | 'ms' | 'timings'
  >,
): Summary {
  const counts = meta.counts;
  const pick = (prefix: string) =>
    Object.fromEntries(
      Object.entries(counts)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
  // The key order is the JSON summary's, as it always was.
  const { findings, unchanged, mode, full_because, parsed, reused, ms, timings } = run;
  return {
    root,
    map: mapFile,
    status: meta.status,
    version: meta.version,
    files: counts.files ?? 0,
    nodes: pick('nodes.'),
    edges: pick('edges.'),
    coverage: pick('coverage.'),
    blockers: meta.blockers,
    findings,
    unchanged,
    mode,
    ...(full_because ? { full_because } : {}),
    parsed,
    reused,
    ms,
    timings,
  };
}

type Summary = {
  root: string;
  map?: string | undefined;
  status: string;
  version: number;
  files: number;
  nodes: Record<string, number>;
  edges: Record<string, number>;
  coverage: Record<string, number>;
  blockers: { gate: string; message: string }[];
  findings: ScanFinding[];
  unchanged: boolean;
  mode: string;
  full_because?: string;
  parsed: number;
  reused: number;
  ms: number;
  timings: Record<string, number>;
};

function renderSummary(s: Summary): string {
  const list = (o: Record<string, number>) =>
    Object.entries(o)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  const total = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  const lines = [
    s.mode === 'resident'
      ? `proofmap: the running watcher's map is current (${s.files} files; answered in ${s.ms} ms${s.unchanged ? '' : ', once it had applied the latest changes'})`
      : s.unchanged
        ? `proofmap: no file changed since the last scan (${s.files} files checked in ${s.ms} ms); the map is kept as it is`
        : s.mode === 'delta'
          ? `proofmap updated the map from ${s.parsed} changed file${s.parsed === 1 ? '' : 's'} in ${s.ms} ms (${s.files} files checked)`
          : `proofmap scanned ${s.files} files in ${s.ms} ms (${s.parsed} parsed, ${s.reused} from cache)${s.full_because ? `; a full build because ${s.full_because}` : ''}`,
    `  nodes     ${total(s.nodes)}: ${list(s.nodes)}`,
    `  edges     ${total(s.edges)}: ${list(s.edges)}`,
    `  coverage  ${total(s.coverage)}: ${list(s.coverage)}`,
    `  map       ${s.map ?? '(not written)'} — version ${s.version}, ${s.status}${s.status === 'confirmed' && s.findings.length > 0 ? ' (every node and edge re-checked against the files; the findings below are about the repository, not the map)' : ''}`,
  ];
  if (s.findings.length > 0) lines.push(`  findings  ${s.findings.length}:`);
  for (const f of s.findings.slice(0, 20)) lines.push(`    [${f.rule}] ${f.message}`);
  if (s.findings.length > 20) lines.push(`    … and ${s.findings.length - 20} more (--json lists all)`);
  for (const b of s.blockers) lines.push(`  blocker   [${b.gate}] ${b.message}`);
  return `${lines.join('\n')}\n`;
}
