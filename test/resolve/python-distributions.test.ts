import { describe, expect, it } from 'vitest';
import type { InstalledDistribution } from '../../src/discover/python-env.js';
import { recordImports } from '../../src/discover/python-env.js';
import { distributionLookup, WELL_KNOWN_DISTRIBUTIONS } from '../../src/resolve/python-distributions.js';

const installed: InstalledDistribution[] = [
  { name: 'PyYAML', imports: ['_yaml', 'yaml'], source: '.venv/x/PyYAML-6.0.dist-info/top_level.txt' },
  { name: 'attrs', imports: ['attr', 'attrs'], source: '.venv/x/attrs-23.2.0.dist-info/RECORD' },
  { name: 'protobuf', imports: ['google'], source: '.venv/x/protobuf-4.dist-info/top_level.txt' },
  {
    name: 'google-cloud-storage',
    imports: ['google'],
    source: '.venv/x/google_cloud_storage-2.dist-info/top_level.txt',
  },
];

describe('import name → distribution (installed, then table, then the name)', () => {
  it.each([
    // module, declared (normalised), installed?, distribution, via, declared?
    ['yaml', ['pyyaml'], true, 'PyYAML', 'installed', true],
    ['yaml', [], false, 'PyYAML', 'table', false],
    ['attr.validators', ['attrs'], true, 'attrs', 'installed', true],
    ['PIL.Image', ['pillow'], false, 'Pillow', 'table', true],
    ['sklearn.linear_model', ['scikit-learn'], false, 'scikit-learn', 'table', true],
    ['psycopg2', ['psycopg2-binary'], false, 'psycopg2-binary', 'table', true],
    ['psycopg2', [], false, 'psycopg2', 'table', false],
    ['cv2', ['opencv-python-headless'], false, 'opencv-python-headless', 'table', true],
    ['google.protobuf.message', ['protobuf'], false, 'protobuf', 'table', true],
    ['google.cloud.storage', ['google-cloud-storage'], true, 'google-cloud-storage', 'installed', true],
    ['typing_extensions', ['typing-extensions'], false, 'typing_extensions', 'name', true],
    ['requests', [], false, 'requests', 'name', false],
    // Declared under its import name although the table knows better: the project's word wins.
    ['yaml', ['yaml'], false, 'yaml', 'name', true],
  ] as const)(
    '%s with %j declared (installed: %s) → %s via %s',
    (module, declared, withVenv, name, via, isDeclared) => {
      const lookup = distributionLookup(withVenv ? installed : [], new Set(declared));
      const { distribution, declared: got } = lookup(module);
      expect([distribution.name, distribution.via, got]).toEqual([name, via, isDeclared]);
    },
  );

  it('names the metadata file an installed answer came from', () => {
    const { distribution } = distributionLookup(installed, new Set())('attr');
    expect(distribution.source).toBe('.venv/x/attrs-23.2.0.dist-info/RECORD');
    expect(distribution.normalised).toBe('attrs');
  });

  it('keeps table keys importable names and values non-empty', () => {
    for (const [key, names] of Object.entries(WELL_KNOWN_DISTRIBUTIONS)) {
      expect(key).toMatch(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/);
      expect(names.length).toBeGreaterThan(0);
    }
  });
});

describe('top-level import names from a RECORD', () => {
  it.each([
    ['attr/__init__.py', ['attr']],
    ['six.py', ['six']],
    ['_cffi_backend.cpython-312-x86_64-linux-gnu.so', ['_cffi_backend']],
    ['speedups.pyd', ['speedups']],
    ['attrs-23.2.0.dist-info/METADATA', []],
    ['../../../bin/pip', []],
    ['__pycache__/six.cpython-312.pyc', []],
    ['numpy.libs/libgfortran.so', []],
    ['pkg-data.data/scripts/x', []],
    ['README.md', []],
  ])('%s → %j', (line, names) => {
    expect(recordImports(`${line},sha256=abc,12\n`)).toEqual(names);
  });
});
