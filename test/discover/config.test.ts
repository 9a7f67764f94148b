import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from '../../src/discover/config.js';
import { ConfigError } from '../../src/model/errors.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

describe('configuration', () => {
  it('is empty when there is no file', () => {
    expect(loadConfig(tmpRepo({ 'a.ts': '' })).config).toEqual({});
  });

  it('reads YAML and JSON and gives lines of key paths', () => {
    const yaml = parseConfig('proofmap.config.yaml', 'flows:\n  - name: login\n    steps: [a.ts, b.ts]\n');
    expect(yaml.config.flows?.[0]?.steps).toEqual(['a.ts', 'b.ts']);
    expect(yaml.lineOf(['flows', 0, 'steps'])).toBe(3);
    const json = loadConfig(tmpRepo({ 'proofmap.config.json': '{\n  "gate": { "block": true }\n}\n' }));
    expect(json).toMatchObject({ file: 'proofmap.config.json', config: { gate: { block: true } } });
  });

  it('reports unknown keys and wrong types with file, line and key path', () => {
    const text =
      'areas:\n  - name: core\n    path: src/core/**\n  - name: ui\n    paht: src/ui/**\nflows:\n  - name: x\n    steps: [a.ts]\n';
    let message = '';
    try {
      parseConfig('proofmap.config.yaml', text);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('proofmap.config.yaml:5: areas[1].paht: unknown key "paht"');
    expect(message).toMatch(/proofmap\.config\.yaml:8: flows\[0\]\.steps: /);
  });

  it('reports syntax errors with their line', () => {
    expect(() => parseConfig('proofmap.config.yaml', 'flows:\n  - name: [unclosed\n')).toThrow(
      /^proofmap\.config\.yaml:\d+: /,
    );
  });
});
