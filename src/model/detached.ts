/**
 * A copy of `text` that holds nothing of the string it was cut from. V8 makes a slice of 13 or
 * more characters a view on its parent, so a one-line excerpt kept in the map would keep its whole
 * source file alive to the end of the scan (~24 MB of sources on the 7k-file monorepo).
 *
 * `' ' + text` is a two-part (cons) string; slicing it makes V8 flatten it first into a new flat
 * string of `text.length + 1` code units, and the slice's parent is that copy, not the source.
 * Code units are copied as they are, lone surrogates included (a Buffer round trip would turn
 * those into U+FFFD and change map.json). A JSON round trip does the same and was 5× slower:
 * 9 % of the Markdown fast pass (issue 23).
 */
export function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
