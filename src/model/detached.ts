/**
 * A copy of `text` that holds nothing of the string it was cut from. V8 makes a slice of 13 or
 * more characters a view on its parent, so a one-line excerpt kept in the map would keep its whole
 * source file alive to the end of the scan (~24 MB of sources on the 7k-file monorepo). A JSON
 * round trip yields a flat string with the very same code units, lone surrogates included (a
 * Buffer round trip would turn those into U+FFFD and change map.json).
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
