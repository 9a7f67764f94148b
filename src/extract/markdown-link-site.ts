/**
 * Docs-site conventions. On GitHub a link resolves to exactly the file it names; a docs site
 * (Docusaurus, Nextra, VitePress, Mintlify, Starlight) serves `../guide/overview` from
 * `overview.md(x)` or `overview/index.md(x)` and honours `## Title {#custom-id}`. These readings
 * apply only where a site's config file is in the repository, so a GitHub-only repository keeps
 * GitHub's rules.
 */

/** Config files that mark a docs site, by generator; matched on the basename at any depth. */
const SITE_CONFIGS: [RegExp, string][] = [
  [/^docusaurus\.config\.[cm]?[jt]s$/, 'Docusaurus'],
  [/^theme\.config\.[jt]sx?$/, 'Nextra'],
  [/^_meta\.(?:json|[jt]sx?)$/, 'Nextra'],
  [/^mint\.json$/, 'Mintlify'],
  [/^astro\.config\.[cm]?[jt]s$/, 'Astro Starlight'],
];
/** VitePress keeps its config in a folder, not under a distinctive file name. */
const VITEPRESS = /(?:^|\/)\.vitepress\/config\.[cm]?[jt]s$/;

const cache = new WeakMap<ReadonlySet<string>, DocsSite | null>();

export interface DocsSite {
  generator: string;
  /** The config file that gave the convention away. */
  config: string;
}

/** The docs site the repository's files reveal, or undefined when none does. */
export function docsSite(files: ReadonlySet<string>): DocsSite | undefined {
  const known = cache.get(files);
  if (known !== undefined) return known ?? undefined;
  let found: DocsSite | null = null;
  for (const file of [...files].sort()) {
    if (file.split('/').includes('node_modules')) continue;
    const base = file.slice(file.lastIndexOf('/') + 1);
    const hit = SITE_CONFIGS.find(([re]) => re.test(base));
    if (hit) found = { generator: hit[1], config: file };
    else if (VITEPRESS.test(file)) found = { generator: 'VitePress', config: file };
    if (found) break;
  }
  cache.set(files, found);
  return found ?? undefined;
}

const PAGE_EXTENSIONS = ['.md', '.mdx'];

/** Files a docs site would serve for an extension-less page path, in the order it tries them. */
export function sitePageCandidates(target: string): string[] {
  const last = target.slice(target.lastIndexOf('/') + 1);
  if (/\.[A-Za-z0-9]+$/.test(last)) return [];
  const stem = target.replace(/\/$/, '');
  return [
    ...PAGE_EXTENSIONS.map((ext) => stem + ext),
    ...PAGE_EXTENSIONS.map((ext) => `${stem}/index${ext}`),
    `${stem}/README.md`,
  ];
}

/** `## Title {#custom-id}` → `custom-id`: the explicit heading id docs sites honour. */
export function customHeadingId(text: string): string | undefined {
  return /\{#([\p{L}\p{N}_-]+)\}\s*$/u.exec(text)?.[1];
}
