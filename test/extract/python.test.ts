/** The Python extractor's optional-import mark, as a table: snippet → (module, guarded) per import. */
import { describe, expect, it } from 'vitest';
import { extractPythonFiles } from '../../src/extract/python.js';

describe('Python imports guarded by a handler that catches a failed import', () => {
  it.each([
    ['import yaml\n', [['yaml', false]]],
    [
      'try:\n    import ujson as json\nexcept ImportError:\n    import json\n',
      [
        ['ujson', true],
        ['json', false],
      ],
    ],
    ['try:\n    from lxml import etree\nexcept ModuleNotFoundError:\n    etree = None\n', [['lxml', true]]],
    ['try:\n    import a\nexcept (OSError, ImportError) as e:\n    pass\n', [['a', true]]],
    ['try:\n    import a\nexcept:\n    pass\n', [['a', true]]],
    ['try:\n    import a\nexcept Exception:\n    pass\n', [['a', true]]],
    // A handler for something else does not make the import optional.
    ['try:\n    import a\nexcept KeyError:\n    pass\n', [['a', false]]],
    // Only the try body is guarded: not the handler, not an else or finally block.
    [
      'try:\n    pass\nexcept ImportError:\n    import b\nelse:\n    import c\nfinally:\n    import d\n',
      [
        ['b', false],
        ['c', false],
        ['d', false],
      ],
    ],
    // Nested anywhere inside the guarded body: a function, an if.
    [
      'try:\n    if X:\n        def f():\n            import e\nexcept ImportError:\n    pass\n',
      [['e', true]],
    ],
    ['try:\n    m = importlib.import_module("f")\nexcept ImportError:\n    m = None\n', [['f', true]]],
  ])('%j', async (text, expected) => {
    const [facts] = await extractPythonFiles([{ path: 'm.py', text }]);
    expect(facts!.imports.map((i) => [i.module, i.guarded === true])).toEqual(expected);
  });
});
