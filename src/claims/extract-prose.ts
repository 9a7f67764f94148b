/**
 * Claims a prose line makes by its wording, built on the extractor's mentions: "`src/a.ts`
 * exports `foo`", "`src/a.ts` imports `src/b.ts`", "requires Node 20", "uses zod 4". Each rule
 * needs a verb and facts on the same line; anything looser stays a plain mention.
 */
import type { DocMentionFact, DocSymbolFact } from '../extract/markdown.js';
import { conditionalIntent } from './intent.js';
import type { ClaimKind, ClaimReading, Subject } from './schema.js';

export interface ProseContext {
  /** Dependency names of the root package. */
  dependencies: ReadonlySet<string>;
}

export interface ProseClaim {
  kind: ClaimKind;
  subject: Subject;
  text: string;
  column: number;
  /** Symbols this claim already covers, so they are not also claimed on their own. */
  uses?: DocSymbolFact[];
  reading?: ClaimReading;
}

const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;
/** Files whose exports the map records: JS/TS, and the tree-sitter languages (Python, Go, Rust). */
const EXPORTING_FILE = /\.(?:[cm]?[jt]sx?|py|go|rs)$/;
const EXPORT_VERB = /\b(?:exports?|exported|re-exports?|defines|defined in|declared in|provides)\b/i;
const IMPORT_VERB = /\b(?:imports?|imported by|uses|depends on)\b/i;
const NODE_VERSION =
  /\bNode(?:\.js|JS)?\s+(?:version\s+)?(?:v|>=\s*|≥\s*)?(\d{1,2})(?:\.\d+)*(?:\+|\s+or\s+(?:later|newer|higher|above)|\s+and\s+(?:later|newer|above))/i;
const NODE_AT_LEAST = /\bNode(?:\.js|JS)?\s*(?:>=|≥)\s*v?(\d{1,2})\b/i;
const NODE_REQUIRES = /\b(?:requires?|needs?|supports?)\s+Node(?:\.js)?\s+(?:v|>=\s*)?(\d{1,2})\b/i;

export function proseClaims(
  line: string,
  mentions: DocMentionFact[],
  symbols: DocSymbolFact[],
  ctx: ProseContext,
): ProseClaim[] {
  const out: ProseClaim[] = [];
  const codePaths = mentions.filter((m) => CODE_FILE.test(m.path));
  const exporting = mentions.filter((m) => EXPORTING_FILE.test(m.path));
  if (exporting.length > 0 && symbols.length > 0 && EXPORT_VERB.test(line)) {
    const file = exporting[0]!;
    for (const s of symbols)
      out.push({
        kind: 'structure',
        subject: { check: 'export', path: file.path, name: s.name, package: false },
        text: `${file.path} exports ${s.name}`,
        column: s.column,
        uses: [s],
      });
  }
  const verb = IMPORT_VERB.exec(line);
  if (verb && codePaths.length > 0) {
    const from = codePaths[0]!;
    const after = line.slice(verb.index);
    const target = codePaths.find((m) => m !== from && m.column > from.column);
    const dep = [...after.matchAll(/`([@\w./-]+)`/g)].map((m) => m[1]!).find((d) => ctx.dependencies.has(d));
    const to = target?.path ?? dep;
    if (to && /imports?|uses|depends/i.test(verb[0]) && from.column < verb.index + 1)
      out.push({
        kind: 'relation',
        subject: { check: 'import', from: from.path, to },
        text: `${from.path} imports ${to}`,
        column: from.column,
      });
  }
  for (const node of nodeVersions(line)) {
    const condition = conditionalIntent(line, node.index, node.index + node[0].length);
    out.push({
      kind: 'state',
      subject: { check: 'engines', engine: 'node', major: Number(node[1]) },
      text: node[0],
      column: node.index + 1,
      ...(condition ? { reading: condition } : {}),
    });
  }
  out.push(...dependencyVersions(line, ctx));
  return out;
}

/** Every Node version statement on the line, in order; where two shapes overlap, the first wins. */
function nodeVersions(line: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  for (const shape of [NODE_VERSION, NODE_AT_LEAST, NODE_REQUIRES]) {
    const re = new RegExp(shape.source, 'gi');
    for (let m = re.exec(line); m; m = re.exec(line))
      if (!found.some((f) => m!.index < f.index + f[0].length && f.index < m!.index + m![0].length))
        found.push(m);
  }
  return found.sort((a, b) => a.index - b.index);
}

/** "If you are using webpack 4", "compatible with webpack 3": a case the line covers, not the version used. */
const CASE = /\b(?:if|when|unless|compatible|older|previous|legacy|prior to|before|migrat\w*|upgrad\w*)\b/i;
const caseReading: ClaimReading = {
  intent: 'conditional',
  why: 'the line speaks of a case or another version, not of the version the package uses',
};

/**
 * A number followed by a unit is a measurement, not a version: "madge 24.6 s", "esbuild 12 ms",
 * "webpack 5× slower", "vite 40 MB" report what a tool took or made. (Never read as a shorter
 * number either: "26" of "26.2 s" is no version.)
 */
const NOT_A_MEASURE =
  '(?!\\s*(?:(?:ms|s|sec|secs|seconds?|mins?|minutes?|h|hours?|[kKMGT]i?B|bytes?|files?|lines?|times|x)\\b|[×%]))';

/** "zod 4", "zod v4", "`zod@^4`": a declared dependency followed by a major version. */
function dependencyVersions(line: string, ctx: ProseContext): ProseClaim[] {
  const out: ProseClaim[] = [];
  for (const dep of ctx.dependencies) {
    if (dep.length < 3) continue;
    const escaped = dep.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(
      `(?<![\\w/@.-])${escaped}\`?(?:@|\\s+v|\\s+version\\s+|\\s+)[\\^~]?(\\d{1,3})(?:\\.(?:\\d+|x))*(?![\\w%-])(?!\\.\\d)${NOT_A_MEASURE}`,
      'g',
    );
    for (const m of line.matchAll(re)) {
      const reading = CASE.test(line) ? caseReading : undefined;
      out.push({
        kind: 'state',
        subject: { check: 'dependency', dependency: dep, major: Number(m[1]) },
        text: m[0],
        column: m.index + 1,
        ...(reading ? { reading } : {}),
      });
    }
  }
  return out;
}
