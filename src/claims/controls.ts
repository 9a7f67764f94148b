/**
 * The control repository: a tiny synthetic repository held in memory, never the user's. Its
 * exports and imports come from the real extractors over real source text, so the controls and
 * the adversarial cases exercise the same parsing the user's map came from.
 */
import { extractModule } from '../extract/js-ts.js';
import { extractDoc } from '../extract/markdown.js';
import { extractPackageJson } from '../extract/package-json.js';
import { joinRepoPath } from '../model/paths.js';
import { anchorsOf, type ClaimsRepo, type ImportFact } from './repo.js';

export const CONTROL_FILES: Record<string, string> = {
  'package.json': JSON.stringify(
    {
      name: 'control-pkg',
      version: '1.2.0',
      engines: { node: '>=20.19' },
      bin: { control: 'bin/cli.js' },
      scripts: { build: 'tsc', test: 'vitest run' },
      dependencies: { zod: '^4.1.0' },
      devDependencies: { vitest: '^4.1.0' },
    },
    null,
    2,
  ),
  'src/server.ts': [
    "import { joinPaths } from './util/paths.js';",
    'export function createServer() { return joinPaths; }',
    '// export function ghost() {}',
    'const decoy = "export function strName() {}";',
    '/* export const alsoGhost = 1; */',
    'export { decoy as shown };',
  ].join('\n'),
  'src/util/paths.ts': "import { z } from 'zod';\nexport const joinPaths = z.string();\n",
  'bin/cli.js':
    "import { createServer } from '../src/server.js';\nconst options = { strict: { type: 'boolean' } };\nconst COMMANDS = { serve: { run: createServer } };\n// COMMANDS.ghost = { run: createServer }; program.command('ghost') --phantom\n",
  'README.md': '# Control\n\n## Usage\n\nRun it.\n',
};

/** Paths the control repository treats as symlinks whose target is outside the root. */
const ESCAPING = ['link-out'];

export function controlRepo(): ClaimsRepo {
  const files = new Set([...Object.keys(CONTROL_FILES), 'link-out/secret']);
  const exports = new Map<string, ReturnType<typeof extractModule>['exports']>();
  const imports: ImportFact[] = [];
  for (const [path, text] of Object.entries(CONTROL_FILES)) {
    if (!/\.[jt]s$/.test(path)) continue;
    const facts = extractModule(path, text);
    exports.set(path, facts.exports);
    for (const i of facts.imports) {
      const rel = i.specifier.startsWith('.')
        ? joinRepoPath(path, i.specifier)?.replace(/\.js$/, '.ts')
        : i.specifier;
      if (rel) imports.push({ from: path, to: rel, line: i.line });
    }
  }
  return {
    files,
    escapes: (p) => ESCAPING.some((e) => p === e || p.startsWith(`${e}/`)),
    exports,
    headings: (doc) =>
      CONTROL_FILES[doc] === undefined
        ? undefined
        : new Set(extractDoc(doc, CONTROL_FILES[doc]).headings.map((h) => h.slug)),
    anchors: anchorsOf((p) => CONTROL_FILES[p]),
    imports,
    packages: [
      { manifest: 'package.json', facts: extractPackageJson('package.json', CONTROL_FILES['package.json']!) },
    ],
    textOf: (p) => CONTROL_FILES[p],
    unresolved: [],
    onDisk: (p) => files.has(p),
  };
}
