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
  if (notAPath(clean, first, ctx)) return false;
  if (ctx.dependencies.has(first) || ctx.ownPackages.has(first)) return false;
  // `Node.js`, `Vue.js`: product names, not files.
  if (/^[A-Z][a-z]+\.js$/.test(clean)) return false;
  if (via === 'prose') return hasExtension;
  return hasExtension || ctx.topLevel.has(first) || path.startsWith('./') || path.startsWith('../');
}

const MIME_TYPE = /^(?:application|text|image|audio|video|font|multipart|message|model)\/[\w.+-]+$/;
const VERSION = /^[v@~^]?\d+(?:\.[\dx*]+)+(?:-[\w.]+)?$/;
const FILE_EXTENSION = /\.(?:[cm]?[jt]sx?|md|mdx|json|ya?ml|toml|lock|txt|html?|css|sh|py|rs|go|d)$/;

/**
 * Slash-tokens that are something else: a MIME type (`application/x-amz-json-1.1`), versions
 * (`6.14.1/6.15.2`), extension lists (`.png/.jpeg`), a host and path without a scheme
 * (`bugzil.la/1090768`) whose first part is no folder of the repository.
 */
function notAPath(clean: string, first: string, ctx: ExtractContext): boolean {
  // `.ts`, `.d.ts`, `.yaml`: an extension named in prose, not a dotfile.
  if (
    /^(?:\.d)?\.(?:[cm]?[jt]sx?|mdx?|json|ya?ml|toml|txt|html?|css|scss|vue|svelte|node|map|wasm|png|jpe?g|svg|gif)$/i.test(
      clean,
    )
  )
    return !ctx.topLevel.has(clean);
  if (!clean.includes('/')) return false;
  const parts = clean.split('/');
  if (MIME_TYPE.test(clean) && !ctx.topLevel.has(first)) return true;
  if (parts.every((p) => VERSION.test(p))) return true;
  if (parts.every((p) => /^\.[A-Za-z0-9]{1,5}$/.test(p))) return true;
  return /^(?:[\w-]+\.)+[a-z]{2,}$/i.test(first) && !FILE_EXTENSION.test(first) && !ctx.topLevel.has(first);
}

/** An identifier is claimed as a symbol only when it looks like code: called, camelCase, PascalCase. */
export function plausibleSymbol(name: string, literal: string, ctx: ExtractContext): boolean {
  if (name.length < 3 || KEYWORDS.has(name) || ctx.otherNames.has(name) || /^[A-Z0-9_]+$/.test(name))
    return false;
  return literal.endsWith(')') || /[a-z][A-Z]/.test(name) || /^[A-Z][a-z]+[A-Z]/.test(name);
}
