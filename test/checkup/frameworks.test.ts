/** Framework entry conventions: route files are entries only in a package that uses the framework. */
import { describe, expect, it } from 'vitest';
import { checkup } from '../../src/checkup/index.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const page = 'export default function Page() { return null; }\n';

async function unreachable(files: Record<string, string>) {
  const { map } = await scan({ root: tmpRepo(files), write: false });
  return checkup(map, {})
    .problems.filter((p) => p.code === 'unreachable-module')
    .map((p) => p.node)
    .sort();
}

describe('framework entries', () => {
  it('Next.js app and pages routers are entries, a stray module is still reported', async () => {
    const files = {
      'apps/web/package.json': '{ "name": "web", "dependencies": { "next": "14.0.0" } }',
      'package.json': '{ "name": "root", "private": true, "workspaces": ["apps/*"] }',
      'apps/web/app/page.tsx': page,
      'apps/web/app/blog/[slug]/page.tsx': page,
      'apps/web/app/layout.tsx': page,
      'apps/web/app/api/route.ts': 'export function GET() {}\n',
      'apps/web/pages/about.tsx': page,
      'apps/web/middleware.ts': 'export function middleware() {}\n',
      'apps/web/app/unused.ts': 'export const x = 1;\n',
    };
    expect(await unreachable(files)).toEqual(['apps/web/app/unused.ts']);
  });

  it('the same files in a package without next are reported', async () => {
    const files = {
      'package.json': '{ "name": "plain", "main": "index.js" }',
      'index.js': 'export {};\n',
      'app/page.tsx': page,
    };
    expect(await unreachable(files)).toEqual(['app/page.tsx']);
  });

  it('SvelteKit, Astro and Remix route conventions', async () => {
    const files = {
      'package.json': '{ "name": "root", "private": true, "workspaces": ["p/*"] }',
      'p/kit/package.json': '{ "name": "kit", "devDependencies": { "@sveltejs/kit": "2" } }',
      'p/kit/src/routes/+page.ts': page,
      'p/kit/src/routes/blog/+page.server.ts': page,
      'p/kit/src/hooks.server.ts': page,
      'p/astro/package.json': '{ "name": "astro-site", "dependencies": { "astro": "4" } }',
      'p/astro/src/pages/rss.xml.ts': page,
      'p/remix/package.json': '{ "name": "remix", "dependencies": { "@remix-run/react": "2" } }',
      'p/remix/app/root.tsx': page,
      'p/remix/app/routes/_index.tsx': page,
      'p/remix/app/lib/dead.ts': page,
    };
    expect(await unreachable(files)).toEqual(['p/remix/app/lib/dead.ts']);
  });
});
