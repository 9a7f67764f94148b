/**
 * Fitting an answer into the caller's token budget. Tokens are estimated as characters / 4 of
 * the text block (the copy a model reads); the estimate is stated in the answer. Items are
 * ranked by the query, so the cut keeps the head: the page shrinks until it fits, `total` stays
 * the true count and `next_cursor` points at the first item left out. Inside an item, the
 * longest lists are halved (each cut named with its exact size) and long notes are dropped last.
 */
import { encodeCursor } from '../model/envelope.js';

export const DEFAULT_MAX_TOKENS = 1500;
/** Below this no useful answer fits: the envelope itself takes ~150 tokens. */
export const MIN_MAX_TOKENS = 300;

export type Answer = Record<string, unknown> & {
  query: string;
  items: unknown[];
  total: number;
  returned: number;
  truncated: boolean;
  next_cursor?: string;
  notes?: string[];
};

export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/**
 * Shrinks `answer` in place until `render(answer)` fits `maxTokens`. `offset` is where this page
 * starts in the full list, so the cursor of a cut page continues exactly after its last item.
 */
export function fitBudget(
  answer: Answer,
  maxTokens: number,
  offset: number,
  render: (a: Answer) => string,
  cursorAt: (offset: number) => string = encodeCursor,
): { tokens: number; cut: string[] } {
  const cut: string[] = [];
  const size = () => estimateTokens(render(answer));
  if (size() <= maxTokens) return { tokens: size(), cut };
  // 1. Fewer items: the largest head of the page that fits (binary search, items are ranked).
  if (answer.items.length > 1) {
    const all = answer.items;
    const was = { returned: answer.returned, truncated: answer.truncated, next_cursor: answer.next_cursor };
    // The page fields are set on every trial: a cursor adds characters too.
    const page = (k: number) => {
      answer.items = all.slice(0, k);
      if (k === all.length) {
        answer.returned = was.returned;
        answer.truncated = was.truncated;
        if (was.next_cursor === undefined) delete answer.next_cursor;
        else answer.next_cursor = was.next_cursor;
        return;
      }
      answer.returned = k;
      answer.truncated = true;
      answer.next_cursor = cursorAt(offset + k);
    };
    let lo = 1;
    let hi = all.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      page(mid);
      if (size() <= maxTokens) lo = mid;
      else hi = mid - 1;
    }
    page(lo);
    if (lo < all.length)
      cut.push(`items: ${lo} of ${all.length} on this page (total ${answer.total}); next_cursor continues`);
  }
  // 2. Inside the items (a context record) or beside them: halve the longest list until it fits.
  const originals = new WeakMap<object, Map<string, number>>();
  // The cut below shortens lists in place, and a resident server keeps what answers are made of
  // (checkup problems, areas, claims reports) for the next call: cut a copy, never the original.
  if (size() > maxTokens) Object.assign(answer, structuredClone({ ...answer }));
  for (let round = 0; round < 64 && size() > maxTokens; round++) {
    const longest = longestList(answer, originals);
    // A list of one goes last, and whole: an answer over budget is not an answer.
    if (!longest) break;
    const keep = Math.floor(longest.list.length / 2);
    const was = longest.owner[longest.key] as unknown[];
    if (!originals.get(longest.owner)?.has(longest.key)) {
      const known = originals.get(longest.owner) ?? new Map<string, number>();
      known.set(longest.key, longest.total);
      originals.set(longest.owner, known);
    }
    longest.owner[longest.key] = was.slice(0, keep);
    noteCut(cut, longest.key, keep, longest.total);
  }
  // 3. Notes last: they say why an answer is incomplete, so they go only when nothing else can.
  if (size() > maxTokens && answer.notes && answer.notes.length > 1) {
    const all = answer.notes;
    while (answer.notes.length > 1 && size() > maxTokens) answer.notes = answer.notes.slice(0, -1);
    cut.push(`notes: ${answer.notes.length} of ${all.length}`);
  }
  return { tokens: size(), cut };
}

function noteCut(cut: string[], key: string, keep: number, total: number): void {
  const line = `${key}: ${keep} of ${total}`;
  const at = cut.findIndex((c) => c.startsWith(`${key}: `));
  if (at >= 0) cut[at] = line;
  else cut.push(line);
}

interface ListRef {
  owner: Record<string, unknown>;
  key: string;
  list: unknown[];
  /** The exact size before any cut: a sibling `total` when the query gave one, else the list's. */
  total: number;
}

/**
 * The longest array at depth ≤ 3 inside the items or among the answer's own fields besides the
 * page and its notes (the documents a claims run read, a summary's names), with where it hangs.
 */
function longestList(answer: Answer, totals: WeakMap<object, Map<string, number>>): ListRef | undefined {
  let best: ListRef | undefined;
  const consider = (owner: Record<string, unknown>, key: string, child: unknown) => {
    if (!Array.isArray(child) || child.length === 0 || (best && child.length <= best.list.length)) return;
    const known = totals.get(owner)?.get(key);
    const sibling = typeof owner.total === 'number' && key === 'items' ? owner.total : undefined;
    const pathsTotal =
      key === 'paths' && typeof owner.paths_total === 'number' ? owner.paths_total : undefined;
    best = { owner, key, list: child, total: known ?? sibling ?? pathsTotal ?? child.length };
  };
  const visit = (value: unknown, depth: number) => {
    if (depth > 3 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const owner = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(owner)) {
      consider(owner, key, child);
      visit(child, depth + 1);
    }
  };
  visit(answer.items, 0);
  for (const [key, child] of Object.entries(answer)) {
    if (key === 'items' || key === 'notes') continue;
    consider(answer, key, child);
    visit(child, 1);
  }
  return best;
}
