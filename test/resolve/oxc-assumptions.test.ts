/**
 * What we rely on, or work around, in oxc-resolver 11. If an upgrade changes one of these, the
 * corresponding choice in src/resolve/oxc.ts or configs.ts should be revisited.
 */
import path from 'node:path';
import { ResolverFactory } from 'oxc-resolver';
import { describe, expect, it } from 'vitest';
import { fixtureDir } from './fixture.js';

const monorepo = fixtureDir('tsconfig-paths-monorepo');
const base = { modules: [], extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } };
const at = (rel: string) => path.join(monorepo, rel);

describe('oxc-resolver behaviour proofmap depends on', () => {
  it('a clone given another configFile keeps the first tsconfig (so: one fresh factory per config)', () => {
    const plain = new ResolverFactory(base);
    const web = plain.cloneWithOptions({
      ...base,
      tsconfig: { configFile: at('packages/web/tsconfig.json') },
    });
    expect(web.sync(at('packages/web/src'), '@web/widgets/nav').path).toBe(
      at('packages/web/src/widgets/nav.ts'),
    );
    const tools = plain.cloneWithOptions({ ...base, tsconfig: { configFile: at('tools/jsconfig.json') } });
    expect(tools.sync(at('tools'), '$lib/helper').error).toBeDefined();
    const fresh = new ResolverFactory({ ...base, tsconfig: { configFile: at('tools/jsconfig.json') } });
    expect(fresh.sync(at('tools'), '$lib/helper').path).toBe(at('tools/lib/helper.js'));
  });

  it("tsconfig: 'auto' skips jsconfig.json and files outside the config's include (so: not used)", () => {
    const auto = new ResolverFactory({ ...base, tsconfig: 'auto' });
    expect(auto.resolveFileSync(at('packages/app/src/main.ts'), '@lib/util').path).toBe(
      at('packages/lib/src/util.ts'),
    );
    expect(auto.resolveFileSync(at('tools/index.js'), '$lib/helper').error).toBeDefined();
    expect(auto.resolveFileSync(at('packages/lib/test/util.check.ts'), '@lib/util').error).toBeDefined();
  });

  it('an explicit config with references picks the referenced project by include in resolveFileSync', () => {
    const site = new ResolverFactory({
      ...base,
      tsconfig: { configFile: at('apps/site/tsconfig.json'), references: 'auto' },
    });
    expect(site.resolveFileSync(at('apps/site/vite.config.ts'), '@/plugin').path).toBe(
      at('apps/site/build-tools/plugin.ts'),
    );
    expect(site.resolveFileSync(at('apps/site/src/main.ts'), '@/lib/x').path).toBe(
      at('apps/site/src/lib/x.ts'),
    );
  });

  it('a config whose extends is missing fails every request, relative ones too (so: probe and fall back)', () => {
    const api = fixtureDir('tsconfig-extends-uninstalled');
    const f = new ResolverFactory({
      ...base,
      tsconfig: { configFile: path.join(api, 'apps/api/tsconfig.json') },
    });
    expect(f.sync(path.join(api, 'apps/api/src'), './routes.js').error).toMatch(/tsconfig/i);
  });
});
