/**
 * `proofmap publish --db postgres://… [dir] [--repo NAME] [--commit SHA] [--keep N]`: writes the
 * repository's current map (its .proofmap/map.json) at its commit into the shared index. The
 * connection string comes from --db or PROOFMAP_DB and is never printed.
 */
import path from 'node:path';
import { SIGNALS_KIND, type Signals } from '../../graph/signals.js';
import { mapPath, readMapFile } from '../../map/emit.js';
import { InputError } from '../../model/errors.js';
import { openIndex } from '../../store/index.js';
import {
  DB_ENV,
  DEFAULT_KEEP,
  describeDb,
  headCommit,
  migratePg,
  publishMap,
  repoName,
  withDb,
} from '../../store/pg/index.js';
import { intOption, parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, helpText, JSON_OPTION, usageLine } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'publish',
  args: '[dir]',
  summary: "Write the repository's map at its commit into the shared PostgreSQL index.",
  notes: [DIR_NOTE, `The connection string comes from --db or ${DB_ENV} and is never printed or stored.`],
  options: {
    ...JSON_OPTION,
    db: { type: 'string', value: 'URL', description: `the shared index, postgres://… (or ${DB_ENV})` },
    repo: { type: 'string', value: 'NAME', description: 'the repository name (default: its folder name)' },
    commit: { type: 'string', value: 'SHA', description: 'the commit published (default: git HEAD)' },
    keep: {
      type: 'string',
      value: 'N',
      default: String(DEFAULT_KEEP),
      description: 'commits kept per repository (older ones are dropped)',
    },
  },
  examples: [
    'proofmap publish --db postgres://proofmap@localhost/maps',
    'proofmap publish ../repo --keep 5 --json',
  ],
};
const USAGE = usageLine(SPEC);

/**
 * What the last scan cached in the local index beside the map: its signals, so queries need not
 * recompute them, and its search rows, so a search against the shared index ranks like a local one.
 */
function fromIndex(root: string): { signals?: Signals; search: [string, string][] } {
  const store = openIndex(root, { readonly: true });
  try {
    const signals = store.getSignals<Signals>(SIGNALS_KIND);
    return { ...(signals ? { signals } : {}), search: store.searchSources() };
  } finally {
    store.close();
  }
}

export async function publishCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const url = typeof values.db === 'string' ? values.db : io.env[DB_ENV];
  if (!url) throw new UsageError(`publish needs --db or ${DB_ENV}`, { hint: USAGE });
  const root = path.resolve(io.cwd, positionals[0] ?? '.');
  const map = readMapFile(root);
  if (!map)
    throw new InputError(`no valid map at ${mapPath(root)}`, {
      hint: `run proofmap scan ${positionals[0] ?? '.'} first`,
    });
  const repo = typeof values.repo === 'string' ? values.repo : repoName(root);
  const commit = typeof values.commit === 'string' ? values.commit : headCommit(root);
  const keep = intOption(values.keep, 'keep', DEFAULT_KEEP, { min: 1 });
  const cached = fromIndex(root);
  const result = await withDb(url, async (sql) => {
    await migratePg(sql);
    return publishMap(sql, repo, commit, map, { keep, ...cached });
  });
  if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else
    io.stdout.write(
      result.changed
        ? `proofmap publish: ${repo}@${commit.slice(0, 12)} → ${describeDb(url)} as #${result.seq}: ${result.nodes.written} of ${result.nodes.total} nodes and ${result.edges.written} of ${result.edges.total} edges written, ${result.nodes.closed + result.edges.closed} rows retired${result.dropped.length ? `, ${result.dropped.length} old commits dropped` : ''}\n`
        : `proofmap publish: ${repo}@${commit.slice(0, 12)} is already published with this map; nothing written\n`,
    );
  return { exitCode: 0 };
}
