/**
 * Which tokens of a document count as claims at all. A word read as a path or a symbol is checked
 * and can be contradicted, so these filters are what keeps prose (`and/or`, `Node.js`, `null`)
 * from turning into false alarms.
 */
import type { ExtractContext } from './context.js';

const KEYWORDS = new Set(
  'true false null undefined this new class function return import export const let var async await typeof void'.split(
    ' ',
  ),
);

/** Slash-tokens such as `and/or`, `owner/repo` or `zod/mini` are not repo paths. */
export function plausiblePath(path: string, via: 'inline-code' | 'prose', ctx: ExtractContext): boolean {
  const clean = path.replace(/^\.\//, '');
  const first = clean.split('/')[0]!;
  const last = clean.slice(clean.lastIndexOf('/') + 1);
  const hasExtension = /\.[A-Za-z0-9]+$/.test(last);
  if (/^[\w-]+\.(?:com|org|io|dev|net|app|sh)$/.test(first) && clean.includes('/')) return false;
  if (ctx.dependencies.has(first) || ctx.ownPackages.has(first)) return false;
  // `Node.js`, `Vue.js`: product names, not files.
  if (/^[A-Z][a-z]+\.js$/.test(clean)) return false;
  if (via === 'prose') return hasExtension;
  return hasExtension || ctx.topLevel.has(first) || path.startsWith('./') || path.startsWith('../');
}

/** An identifier is claimed as a symbol only when it looks like code: called, camelCase, PascalCase. */
export function plausibleSymbol(name: string, literal: string, ctx: ExtractContext): boolean {
  if (name.length < 3 || KEYWORDS.has(name) || ctx.otherNames.has(name) || /^[A-Z0-9_]+$/.test(name))
    return false;
  return literal.endsWith(')') || /[a-z][A-Z]/.test(name) || /^[A-Z][a-z]+[A-Z]/.test(name);
}
