/**
 * Source text with comments blanked out (each comment character becomes a space, newlines
 * kept), so a flag or a command named only in a comment is never found, and line numbers of
 * what is found stay those of the file. Strings are kept: option and command definitions are
 * strings. A small scanner over quotes and comment markers; a regex literal holding a quote can
 * confuse it, which only ever leaves more text in, never moves a line.
 */
export function withoutComments(text: string): string {
  const out = text.split('');
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote || (c === '\n' && quote !== '`')) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '/' && text[i + 1] === '/') {
      for (; i < text.length && text[i] !== '\n'; i++) out[i] = ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i++) if (text[i] !== '\n') out[i] = ' ';
      i--;
    }
  }
  return out.join('');
}
