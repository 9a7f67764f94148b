/**
 * The names a decision record is referred to by, each leading to its node key: its id in any
 * spelling (`ADR-016`, `ADR-16`), its slug (the file name without extension, what log4brains and
 * most wiki links use: `20200925-multi-packages-architecture`, `0003-use-sqlite`), and its title
 * (`Use SQLite for storage`, also without the adr-tools number: "3. Use SQLite for storage"), and
 * its id without the hyphen (`ADR013`).
 * A name two records share leads to neither: a link must not pick one at random.
 */
import { type ArtifactFacts, artifactKey } from '../extract/artifact.js';

export type RecordAliases = ReadonlyMap<string, string>;

export function recordAliases(artifacts: ReadonlyMap<string, ArtifactFacts>): RecordAliases {
  const out = new Map<string, string>();
  const shared = new Set<string>();
  const add = (name: string | undefined, key: string) => {
    if (!name) return;
    const alias = aliasOf(name);
    if (alias === '' || shared.has(alias)) return;
    const known = out.get(alias);
    if (known === undefined) out.set(alias, key);
    else if (known !== key) {
      out.delete(alias);
      shared.add(alias);
    }
  };
  // Ids first and unconditionally: an id names its record even when a title repeats it.
  for (const facts of artifacts.values())
    out.set(aliasOf(artifactKey(facts.artifactId)), artifactKey(facts.artifactId));
  for (const [path, facts] of [...artifacts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const key = artifactKey(facts.artifactId);
    const file = path.slice(path.lastIndexOf('/') + 1);
    add(file.slice(0, file.lastIndexOf('.')), key);
    // `ADR013`, `ADR 13`: the id without its hyphen, as Backstage titles and links write it.
    const id = /^([A-Z]+)-(\d+)$/.exec(facts.artifactId);
    if (id)
      for (const n of [id[2]!, String(Number(id[2]))])
        for (const sep of ['', ' ']) add(`${id[1]}${sep}${n}`, key);
    add(facts.title, key);
    add(facts.title?.replace(/^\d+\.\s+/, ''), key);
  }
  return out;
}

/** The form names are compared in: case, spacing and a trailing `.md` do not matter. */
export function aliasOf(name: string): string {
  return name
    .trim()
    .replace(/\.(?:md|mdx|markdown)$/i, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}
