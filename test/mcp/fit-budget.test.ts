import { describe, expect, it } from 'vitest';
import { type Answer, estimateTokens, fitBudget } from '../../src/mcp/budget.js';

const render = (a: Answer) => JSON.stringify(a);

function answer(extra: Record<string, unknown>): Answer {
  return {
    query: 'q',
    items: [{ kind: 'x', text: 'one item' }],
    total: 1,
    returned: 1,
    truncated: false,
    ...extra,
  };
}

describe('fitBudget', () => {
  it('cuts a long list beside the page (a claims run names every document it read)', () => {
    const documents = Array.from({ length: 400 }, (_, i) => `docs/page-${String(i).padStart(3, '0')}.md`);
    const a = answer({ documents });
    const { tokens, cut } = fitBudget(a, 300, 0, render);
    expect(tokens).toBeLessThanOrEqual(300);
    expect(estimateTokens(render(a))).toBe(tokens);
    const kept = a.documents as string[];
    expect(kept.length).toBeGreaterThan(0);
    // The head is kept, in order, and the cut names the exact size before it.
    expect(kept).toEqual(documents.slice(0, kept.length));
    expect(cut).toContain(`documents: ${kept.length} of 400`);
    expect(a.items).toHaveLength(1);
  });

  it('leaves an answer that fits as it was', () => {
    const a = answer({ documents: ['README.md'] });
    const before = render(a);
    expect(fitBudget(a, 300, 0, render).cut).toEqual([]);
    expect(render(a)).toBe(before);
  });

  it('cuts a copy: lists a caller keeps for the next answer stay whole', () => {
    const kept = {
      path: 'src/a.ts',
      evidence: Array.from({ length: 300 }, (_, i) => ({ path: 'src/a.ts', line: i + 1 })),
    };
    const a = answer({});
    a.items = [kept];
    fitBudget(a, 300, 0, render);
    expect((a.items[0] as typeof kept).evidence.length).toBeLessThan(300);
    expect(kept.evidence).toHaveLength(300);
  });
});
