/**
 * Entry points that frameworks load by convention: files no import names, because the framework's
 * router or build finds them by path. Keyed by the npm dependency that signals the framework, so a
 * folder called `pages/` in a package that does not use Next.js is not an entry. Shared by the
 * checkup's default entries and `proofmap init`, which writes the same globs into the config.
 */
import { posix } from 'node:path';

export interface Framework {
  /** Shown in messages and in the config `init` writes. */
  name: string;
  /** Any of these dependencies (in the package's own package.json) means the framework is used. */
  packages: string[];
  /** Globs relative to the package's folder. */
  entries: string[];
}

const JS = '{js,jsx,ts,tsx,mjs,cjs}';
const NEXT_FILES =
  '{page,layout,route,loading,error,not-found,template,default,global-error,forbidden,unauthorized,opengraph-image,twitter-image,icon,apple-icon,sitemap,robots,manifest}';

export const FRAMEWORKS: Framework[] = [
  {
    name: 'Next.js',
    packages: ['next'],
    entries: [
      `app/**/${NEXT_FILES}.{${JS.slice(1, -1)},mdx}`,
      `src/app/**/${NEXT_FILES}.{${JS.slice(1, -1)},mdx}`,
      `pages/**/*.{${JS.slice(1, -1)},mdx}`,
      `src/pages/**/*.{${JS.slice(1, -1)},mdx}`,
      `{src/,}{middleware,instrumentation,instrumentation-client}.${JS}`,
    ],
  },
  {
    name: 'Remix / React Router',
    packages: ['@remix-run/react', '@remix-run/dev', '@react-router/dev', 'react-router-dom', 'react-router'],
    entries: [
      `app/root.${JS}`,
      `app/entry.{client,server}.${JS}`,
      `app/routes.${JS}`,
      `app/routes/**/*.${JS}`,
    ],
  },
  {
    name: 'Astro',
    packages: ['astro'],
    entries: [
      `src/pages/**/*.{astro,md,mdx,${JS.slice(1, -1)}}`,
      `src/middleware.${JS}`,
      `src/content/config.${JS}`,
      `src/content.config.${JS}`,
    ],
  },
  {
    name: 'SvelteKit',
    packages: ['@sveltejs/kit'],
    entries: [
      `src/routes/**/+*.{svelte,${JS.slice(1, -1)}}`,
      `src/hooks{,.client,.server}.${JS}`,
      `src/service-worker.${JS}`,
      `src/params/*.${JS}`,
    ],
  },
  {
    name: 'Vite',
    packages: ['vite'],
    // index.html names the real entry (init reads it); these are the scaffold's defaults.
    entries: [`src/main.${JS}`, `src/index.${JS}`],
  },
];

/** The frameworks a package uses, from the names it depends on. */
export function frameworksOf(dependencies: Iterable<string>): Framework[] {
  const deps = new Set(dependencies);
  return FRAMEWORKS.filter((f) => f.packages.some((p) => deps.has(p)));
}

/** A package-relative glob made repo-relative; `dir` is the package folder ('' or '.' at the root). */
export function underPackage(dir: string, glob: string): string {
  return dir === '' || dir === '.' ? glob : posix.join(dir, glob);
}
