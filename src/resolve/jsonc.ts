/**
 * JSON with comments and trailing commas, as tsconfig.json and jsconfig.json allow. Strings are
 * copied verbatim so that `//` inside a path pattern is never taken for a comment.
 */
export function parseJsonc(text: string): unknown {
  let out = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      // A comma directly before a closing bracket is a trailing comma: drop it. Comments are already
      // gone and strings end in a quote, so the last non-space character is a real token.
      if (c === '}' || c === ']') out = out.replace(/,\s*$/, '');
      out += c;
      i++;
    }
  }
  try {
    return JSON.parse(out);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A discovered JSON file (package.json, lerna.json) as an object; undefined when absent or invalid. */
export function readJsonRecord(
  readText: (rel: string) => string | undefined,
  rel: string,
): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readText(rel) ?? 'null');
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
