/**
 * TypeScript's choice among `compilerOptions.paths` patterns. Used to tell an unresolved alias from
 * an npm package, and to apply `paths` ourselves when oxc-resolver refuses a config.
 */

export interface AliasMatch {
  /** The pattern as written in the config (`@/*`). */
  pattern: string;
  /** Its targets with `*` replaced by what the specifier put there, in the config's order. */
  targets: string[];
}

/** An exact key wins; otherwise the pattern with the longest prefix before `*` (as tsc does). */
export function matchPathsAlias(
  paths: Readonly<Record<string, string[]>>,
  specifier: string,
): AliasMatch | undefined {
  const exact = paths[specifier];
  if (exact && !specifier.includes('*')) return { pattern: specifier, targets: exact };
  let best: { pattern: string; prefix: string; suffix: string } | undefined;
  for (const pattern of Object.keys(paths)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    const fits =
      specifier.length >= prefix.length + suffix.length &&
      specifier.startsWith(prefix) &&
      specifier.endsWith(suffix);
    if (fits && (!best || prefix.length > best.prefix.length)) best = { pattern, prefix, suffix };
  }
  if (!best) return undefined;
  const hole = specifier.slice(best.prefix.length, specifier.length - best.suffix.length);
  return { pattern: best.pattern, targets: (paths[best.pattern] ?? []).map((t) => t.replace('*', hole)) };
}
