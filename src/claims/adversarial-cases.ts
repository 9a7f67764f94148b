/**
 * The adversarial cases: hostile or deceptive inputs, one or more per detector, each with what
 * the detector must do with it. Data only; adversarial.ts runs them. The confusable cases name
 * the real token, because refusing a look-alike is not enough: the reader must be told what the
 * document probably meant.
 */
import type { AdversarialResult, Subject } from './schema.js';

export interface AdversarialCase {
  /** What the case tries, as the report names it. */
  name: string;
  /** The hostile subject, handed to the detector of its check. */
  subject: Subject;
  /** What the detector should do with it; whatever it does, it must not verify it. */
  expected: AdversarialResult['expected'];
  /** For near-miss cases: the real token that must be offered. */
  real?: string;
}

const CYR_A = '\u0430'; // Cyrillic а
const CYR_O = '\u043e'; // Cyrillic о
const CYR_E = '\u0435'; // Cyrillic е
const p = (path: string, encoded = false): Subject => ({ check: 'path', path, from: 'README.md', encoded });

export const ADVERSARIAL_CASES: AdversarialCase[] = [
  { name: 'path traversal ../../etc/passwd', subject: p('../../etc/passwd'), expected: 'rejected' },
  { name: 'absolute path /etc/passwd', subject: p('/etc/passwd'), expected: 'rejected' },
  { name: 'symlink out of the root', subject: p('link-out/secret'), expected: 'rejected' },
  { name: 'NUL byte in a path', subject: p('src/server.ts\0.md'), expected: 'ignored' },
  { name: 'undecodable percent-encoding', subject: p('src/%E0%A4%A.ts', true), expected: 'ignored' },
  {
    name: 'homoglyph in a path',
    subject: p(`src/s${CYR_E}rver.ts`),
    expected: 'near-miss',
    real: 'src/server.ts',
  },
  {
    name: 'NUL byte in an anchor',
    subject: { check: 'heading', doc: 'README.md', anchor: 'usage%00' },
    expected: 'ignored',
  },
  {
    name: 'undecodable anchor',
    subject: { check: 'heading', doc: 'README.md', anchor: 'us%ZZage' },
    expected: 'ignored',
  },
  {
    name: 'export from a traversal path',
    subject: { check: 'export', path: '../../etc/passwd', name: 'root', package: false },
    expected: 'rejected',
  },
  {
    name: `Cyrillic ${CYR_A} in createServer`,
    subject: { check: 'export', path: 'src/server.ts', name: `cre${CYR_A}teServer`, package: false },
    expected: 'near-miss',
    real: 'createServer',
  },
  {
    name: 'name only in a // comment',
    subject: { check: 'export', path: 'src/server.ts', name: 'ghost', package: false },
    expected: 'not-an-export',
  },
  {
    name: 'name only in a /* */ comment',
    subject: { check: 'export', path: 'src/server.ts', name: 'alsoGhost', package: false },
    expected: 'not-an-export',
  },
  {
    name: 'text "export function strName" in a string',
    subject: { check: 'export', path: 'src/server.ts', name: 'strName', package: false },
    expected: 'not-an-export',
  },
  {
    name: `Cyrillic ${CYR_A} in a symbol`,
    subject: { check: 'symbol', name: `cre${CYR_A}teServer` },
    expected: 'near-miss',
    real: 'createServer',
  },
  {
    name: 'symbol only in a comment',
    subject: { check: 'symbol', name: 'ghost' },
    expected: 'not-an-export',
  },
  { name: 'NUL byte in a symbol', subject: { check: 'symbol', name: 'createServer\0' }, expected: 'ignored' },
  {
    name: 'import from a traversal path',
    subject: { check: 'import', from: '../../etc/passwd', to: 'zod' },
    expected: 'rejected',
  },
  {
    name: 'import of a homoglyph package',
    subject: { check: 'import', from: 'src/util/paths.ts', to: `z${CYR_O}d` },
    expected: 'near-miss',
    real: 'zod',
  },
  {
    name: 'homoglyph script name',
    subject: { check: 'script', manager: 'npm', script: `t${CYR_E}st` },
    expected: 'near-miss',
    real: 'test',
  },
  {
    name: 'NUL byte in a script name',
    subject: { check: 'script', manager: 'npm', script: 'build\0' },
    expected: 'ignored',
  },
  {
    name: 'homoglyph bin',
    subject: { check: 'bin', name: `c${CYR_O}ntrol` },
    expected: 'near-miss',
    real: 'control',
  },
  {
    name: 'homoglyph dependency',
    subject: { check: 'dependency', dependency: `z${CYR_O}d` },
    expected: 'near-miss',
    real: 'zod',
  },
  {
    name: 'homoglyph flag',
    subject: { check: 'flag', bin: 'control', flag: `--strict${''}`.replace('i', '\u0456') },
    expected: 'near-miss',
    real: '--strict',
  },
  {
    name: 'NUL byte in a flag',
    subject: { check: 'flag', bin: 'control', flag: '--\0' },
    expected: 'ignored',
  },
  {
    name: 'homoglyph subcommand',
    subject: { check: 'subcommand', bin: 'control', name: `s${CYR_E}rve` },
    expected: 'near-miss',
    real: 'serve',
  },
  {
    name: 'subcommand only in a comment',
    subject: { check: 'subcommand', bin: 'control', name: 'ghost' },
    expected: 'not-an-export',
  },
  {
    name: 'flag only in a comment',
    subject: { check: 'flag', bin: 'control', flag: '--phantom' },
    expected: 'not-an-export',
  },
  {
    name: 'NUL byte in a subcommand',
    subject: { check: 'subcommand', bin: 'control', name: 'serve\0' },
    expected: 'ignored',
  },
  {
    name: 'homoglyph package name',
    subject: { check: 'package', name: `c${CYR_O}ntrol-pkg` },
    expected: 'near-miss',
    real: 'control-pkg',
  },
  {
    name: 'engines stated as an impossible version',
    subject: { check: 'engines', engine: 'node', major: -1 },
    expected: 'rejected',
  },
];
