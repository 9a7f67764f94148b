import path from 'node:path';
import { CONFIG_MAX_BYTES, readRegularFile } from '../../discover/safe-read.js';
import { type AreaSuggestion, suggestAreas } from '../../graph/areas.js';
import { writeAtomic } from '../../map/emit.js';
import { paginate } from '../../model/envelope.js';
import { openSession } from '../../query/session.js';
import { intOption, parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, helpText, JSON_OPTION, ROOT_OPTION } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'areas',
  args: '[dir]',
  summary: 'Areas the import graph suggests (seeded Louvain communities): files, cohesion, crossing edges.',
  notes: [DIR_NOTE, 'The same seed gives the same suggestions.'],
  options: {
    ...JSON_OPTION,
    ...ROOT_OPTION,
    seed: { type: 'string', value: 'N', default: '1', description: 'seed of the community detection' },
    'min-size': {
      type: 'string',
      value: 'N',
      default: '5',
      description: 'smallest area suggested, in files',
    },
    limit: { type: 'string', value: 'N', default: '20', description: 'crossing edges listed per area' },
    write: {
      type: 'boolean',
      description: `merge the suggestions into ${'proofmap.config.json'} as areas, for review (declared names are kept)`,
    },
  },
  examples: ['proofmap areas', 'proofmap areas ../repo --json', 'proofmap areas --seed 7 --write'],
};
const CONFIG_JSON = 'proofmap.config.json';

export async function areasCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const root = path.resolve(io.cwd, String(values.root ?? positionals[0] ?? '.'));
  const seed = intOption(values.seed as string | undefined, 'seed', 1);
  const minSize = intOption(values['min-size'] as string | undefined, 'min-size', 5);
  const limit = intOption(values.limit as string | undefined, 'limit', 20);
  const session = openSession(root);
  try {
    const areas = suggestAreas(session.map, { seed, minSize, crossingLimit: limit });
    const answer = {
      query: `areas --seed ${seed} --min-size ${minSize}`,
      ...paginate(areas, Math.max(areas.length, 1)),
      freshness: session.deps.freshness(areas.flatMap((a) => a.files)),
    };
    const written = values.write ? mergeIntoConfig(root, session.deps.config().file, areas, seed) : undefined;
    if (values.json)
      io.stdout.write(`${JSON.stringify({ ...answer, ...(written ? { written } : {}) }, null, 2)}\n`);
    else io.stdout.write(render(areas, written));
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}

interface Written {
  file: string;
  added: string[];
  kept: string[];
}

/** Adds the suggestions to the JSON config's `areas` (created when absent); declared names win. */
function mergeIntoConfig(
  root: string,
  configFile: string | undefined,
  areas: AreaSuggestion[],
  seed: number,
): Written {
  if (configFile !== undefined && configFile !== CONFIG_JSON)
    throw new UsageError(
      `--write merges into ${CONFIG_JSON}, and this repository is configured by ${configFile}`,
      {
        hint: `copy the areas printed by proofmap areas into ${configFile} by hand`,
      },
    );
  const file = path.join(root, CONFIG_JSON);
  let config: Record<string, unknown> = {};
  if (configFile !== undefined) {
    try {
      const read = readRegularFile(file, CONFIG_MAX_BYTES);
      if (!read.ok) throw new Error(`${read.reason}: ${read.detail}`);
      config = JSON.parse(read.bytes.toString('utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`${CONFIG_JSON} is not JSON (${(error as Error).message})`, {
        hint: 'fix it, then run proofmap areas --write again',
      });
    }
  }
  const declared = Array.isArray(config.areas) ? (config.areas as Record<string, unknown>[]) : [];
  const names = new Set(declared.map((a) => a.name));
  const added: string[] = [];
  const kept: string[] = [];
  for (const area of areas) {
    if (names.has(area.name)) {
      kept.push(area.name);
      continue;
    }
    declared.push({
      name: area.name,
      path: area.path,
      description: `suggested by proofmap areas --seed ${seed}: ${area.files.length} files, cohesion ${area.cohesion}, ${area.crossing.total} crossing edges; review before relying on it`,
    });
    added.push(area.name);
  }
  config.areas = declared;
  writeAtomic(file, `${JSON.stringify(config, null, 2)}\n`);
  return { file: CONFIG_JSON, added, kept };
}

function render(areas: AreaSuggestion[], written: Written | undefined): string {
  const lines = [
    `${areas.length} suggested area${areas.length === 1 ? '' : 's'} (Louvain communities of the import graph)`,
  ];
  for (const a of areas) {
    lines.push(
      `${a.name}: ${a.files.length} files, cohesion ${a.cohesion} (${a.internal} edges inside, ${a.crossing.total} crossing)`,
      `  path: ${a.path.join(', ')}`,
      ...a.crossing.items.map(
        (c) =>
          `  crosses: ${c.from} ${c.relation} ${c.to}${c.other_area ? ` [${c.other_area}]` : ''} (${c.evidence.path}:${c.evidence.line ?? ''})`,
      ),
    );
    if (a.crossing.total > a.crossing.items.length)
      lines.push(`  … ${a.crossing.total - a.crossing.items.length} more crossing edges (--limit)`);
  }
  if (written)
    lines.push(
      `wrote ${written.file}: added ${written.added.length} area(s)${written.added.length ? ` (${written.added.join(', ')})` : ''}, kept ${written.kept.length} already declared — review them`,
    );
  return `${lines.join('\n')}\n`;
}
