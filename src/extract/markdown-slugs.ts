/**
 * GitHub heading anchors, with github-slugger's semantics (what GitHub, GitLab-compatible tooling
 * and remark use). github-slugger strips a generated list of code points: the Unicode general
 * categories below, except alphabetic characters, the space and the ASCII hyphen. The same set is
 * written here with property escapes; it differs from the generated list only for code points
 * unassigned in Unicode 13 and assigned since, which headings practically never contain.
 */
const STRIPPED =
  /(?![\p{Alphabetic} -])[\p{No}\p{Pe}\p{Pf}\p{Pi}\p{Ps}\p{Po}\p{Pd}\p{S}\p{Cc}\p{Co}\p{Cf}\p{Cn}\p{Z}]/gu;

/** The anchor of one heading text, without duplicate handling. No trim: GitHub keeps edge dashes. */
export function githubSlug(text: string): string {
  return text.toLowerCase().replace(STRIPPED, '').replace(/ /g, '-');
}

/**
 * A slugger for one document: a repeated slug gets `-1`, `-2` … in document order, skipping
 * suffixed slugs already taken (`echo`, `echo-1`, `echo 1` → `echo`, `echo-1`, `echo-1-1`).
 */
export function createSlugger(): (text: string) => string {
  // A Map, not an object, so that headings like `__proto__` are ordinary keys.
  const occurrences = new Map<string, number>();
  return (text) => {
    const original = githubSlug(text);
    let slug = original;
    while (occurrences.has(slug)) {
      const next = (occurrences.get(original) ?? 0) + 1;
      occurrences.set(original, next);
      slug = `${original}-${next}`;
    }
    occurrences.set(slug, 0);
    return slug;
  };
}
