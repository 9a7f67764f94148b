/**
 * The shape every query command shares: parse the common flags (--json, --limit, --cursor, --db
 * and the command's own), take the targets and the optional trailing [dir], open one session
 * (the local index, or a commit of the shared PostgreSQL index with --db), answer, print JSON or
 * the text rendering, close. A command supplies only what differs: its spec, its call and its
 * line format.
 */
import type { Envelope } from '../model/envelope.js';
import { type Diagram, renderDiagram } from '../query/diagram.js';
import { openStoreSession, type Session } from '../query/session.js';
import { localStore } from '../store/local-store.js';
import { type CommitRead, DB_ENV, repoName, sharedStore } from '../store/pg/index.js';
import type { QueryStore } from '../store/query-store.js';
import { formatOption, intOption, type Parsed, parse, repoDir, targetsAndDir } from './args.js';
import type { CommandResult, Io } from './io.js';
import { type CommandSpec, helpText, JSON_OPTION, type OptionSpec, ROOT_OPTION } from './spec.js';

export interface QueryCommand<A extends Envelope<unknown>> {
  /** The command's own options; --json, --root and the --db flags are added here. */
  spec: CommandSpec;
  /** How many target arguments come before [dir], and what to say when they are missing. */
  positionals?: { count: number; missing: string };
  answer(
    session: Session,
    args: {
      positionals: string[];
      values: Parsed['values'];
      limit(fallback: number): number;
      cursor?: string;
    },
  ): A;
  /** Text rendering for people (JSON is printed as is with --json). */
  render(answer: A): string;
  /**
   * What the answer gains from other repositories: with --db, the shared index's; a local store
   * holds one repository and has none (the command then returns the answer as it is).
   */
  across?(
    answer: A & { read?: CommitRead[] },
    store: QueryStore,
    args: { values: Parsed['values']; positionals: string[]; session: Session },
  ): Promise<A>;
  /** The answer as a graph, for `--format dot|mermaid`; commands without one have no --format. */
  diagram?(answer: A, session: Session): Diagram;
}

const DIAGRAM_FORMATS = ['text', 'json', 'dot', 'mermaid'] as const;

/** --format for the commands that draw their answer as a graph. */
const FORMAT_OPTION: Record<string, OptionSpec> = {
  format: {
    type: 'string',
    value: DIAGRAM_FORMATS.join('|'),
    default: 'text',
    description: 'text, json (the same as --json), or the answer as a Graphviz dot or Mermaid graph',
  },
};

/** Flags every query command takes to read the shared index instead of the local one. */
const DB_OPTIONS: Record<string, OptionSpec> = {
  db: {
    type: 'string',
    value: 'URL',
    description: `read a published commit from the shared PostgreSQL index (or ${DB_ENV})`,
  },
  repo: {
    type: 'string',
    value: 'NAME',
    description: 'with --db: the repository (default: its folder name)',
  },
  commit: {
    type: 'string',
    value: 'SHA',
    description: 'with --db: the commit (default: the newest published)',
  },
};

/** The full spec of a query command: its own options plus the shared ones. */
export function querySpec(spec: CommandSpec, drawn = false): CommandSpec {
  return {
    ...spec,
    options: {
      ...JSON_OPTION,
      ...ROOT_OPTION,
      ...DB_OPTIONS,
      ...(drawn ? FORMAT_OPTION : {}),
      ...spec.options,
    },
  };
}

export async function runQueryCommand<A extends Envelope<unknown>>(
  command: QueryCommand<A>,
  argv: string[],
  io: Io,
): Promise<CommandResult> {
  const spec = querySpec(command.spec, command.diagram !== undefined);
  const parsed = parse(argv, spec);
  const { values } = parsed;
  if (values.help) {
    io.stdout.write(helpText(spec));
    return { exitCode: 0 };
  }
  const format = command.diagram ? formatOption(values, DIAGRAM_FORMATS) : values.json ? 'json' : 'text';
  const { targets, dir } = targetsAndDir(
    parsed,
    spec,
    command.positionals?.count ?? 0,
    command.positionals?.missing ?? '',
  );
  const root = repoDir(io, dir, spec.name);
  const ask = (session: Session) =>
    command.answer(session, {
      positionals: targets,
      values,
      limit: (fallback) => intOption(values.limit, 'limit', fallback, { min: 1 }),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
  const url = typeof values.db === 'string' ? values.db : io.env[DB_ENV];
  const print = (answer: A, session: Session) =>
    io.stdout.write(
      format === 'json'
        ? `${JSON.stringify(answer, null, 2)}\n`
        : (format === 'dot' || format === 'mermaid') && command.diagram
          ? renderDiagram(command.diagram(answer, session), format)
          : command.render(answer),
    );
  // Run by a watcher for a CLI (ask-watcher.ts): the session it keeps open between questions.
  const kept = url ? undefined : await io.keptSession?.(root);
  const store = kept?.store ?? openQueryStore(root, url, values);
  try {
    // The gate lets an edit through once its impact was consulted: from the CLI, asking counts.
    const session = kept?.session ?? (await openStoreSession(store, root, { recordConsults: true }));
    try {
      // Against the shared index the answer also says which commit of which repository it read.
      const read = store.backend === 'postgres' ? store.read() : undefined;
      const answer = read ? { ...ask(session), read: [read] } : ask(session);
      print(
        command.across
          ? await command.across(answer, store, { values, positionals: targets, session })
          : answer,
        session,
      );
    } finally {
      if (!kept) session.close();
    }
  } finally {
    if (!kept) await store.close();
  }
  return { exitCode: 0 };
}

/** The local index of `root`, or with a connection string the repository's commit in the shared index. */
export function openQueryStore(
  root: string,
  url: string | undefined,
  values: Parsed['values'],
): ReturnType<typeof localStore> | ReturnType<typeof sharedStore> {
  // One question per process: its edges are read as the query walks them.
  if (!url) return localStore(root, { lazyEdges: true });
  const repo = typeof values.repo === 'string' ? values.repo : repoName(root);
  const commit = typeof values.commit === 'string' ? values.commit : undefined;
  return sharedStore(url, repo, commit);
}

export const PAGE_FLAGS: Record<string, OptionSpec> = {
  cursor: { type: 'string', value: 'C', description: 'continue after the page that returned this cursor' },
};

/** --limit with the command's own default shown in the help. */
export const limitOption = (fallback: number): Record<string, OptionSpec> => ({
  limit: {
    type: 'string',
    value: 'N',
    default: String(fallback),
    description: 'at most N items (total still counts all)',
  },
});
