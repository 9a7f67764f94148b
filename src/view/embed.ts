/**
 * Safe embedding of data and code in one HTML file. The map's labels and paths come from the
 * repository and are hostile: the JSON is escaped so that no byte sequence in it can close its
 * <script> element or start a comment, and inline code is allowed by hash in the CSP, never by
 * 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';

/**
 * JSON for a `<script type="application/json">` element. `<`, `>` and `&` become \u escapes (so
 * `</script>` and `<!--` cannot appear), and so do U+2028/U+2029, which some JS parsers treat as
 * line ends. JSON.parse reads the escapes back to the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The CSP source for an inline element's exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Code inlined in a <script> element must not contain `</script` or `<!--` (the bundler escapes
 * them in string literals; this is the check that it did).
 */
export function assertInlineSafe(code: string, what: string): void {
  if (/<\/script|<!--/i.test(code)) throw new Error(`${what} contains a sequence that would end its element`);
}

/** Text for an HTML text or attribute context; used only for the few static strings in the shell. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
