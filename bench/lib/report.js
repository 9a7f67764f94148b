// Formats results as a plain-text table. Ratios are against proofmap's cold scan (the question
// the issue asks) and against the floor (how far any tool is from the physical limit).

export function ratioText(ms, baseMs) {
  if (!ms || !baseMs) return '—';
  const r = ms / baseMs;
  if (Math.abs(r - 1) < 0.05) return '1.0x (same)';
  return r > 1 ? `${r.toFixed(1)}x slower` : `${(1 / r).toFixed(1)}x faster`;
}

export function renderTable(results) {
  const cold = results.find((r) => r.name === 'proofmap cold' && r.status === 'ok');
  // The floor is the fastest plain parse that ran: on a busy machine 2 threads can lose to 1.
  const floors = results.filter((r) => r.reference && r.status === 'ok');
  const floor = floors.sort((a, b) => a.medianMs - b.medianMs)[0];
  const tsApi = results.find((r) => r.name === 'ts-api' && r.status === 'ok');
  const rows = [
    [
      'tool',
      'median ms',
      'best ms',
      'CPU ms',
      'peak RSS MiB',
      'vs proofmap cold',
      'vs ts-api',
      'vs floor',
      'internal edges',
      'pairs vs ts-api',
      'note',
    ],
  ];
  for (const r of results) {
    if (r.status !== 'ok') {
      rows.push([r.name, '—', '—', '—', '—', '—', '—', '—', '—', '—', `${r.status}: ${r.message}`]);
      continue;
    }
    rows.push([
      r.name,
      String(r.medianMs),
      String(r.bestMs),
      r.cpuMedianMs === null ? '—' : String(r.cpuMedianMs),
      r.peakRssMiB === null || r.peakRssMiB === undefined ? '—' : String(r.peakRssMiB),
      r === cold ? 'baseline' : ratioText(r.medianMs, cold?.medianMs),
      r === tsApi ? 'baseline' : ratioText(r.medianMs, tsApi?.medianMs),
      r === floor ? 'floor' : ratioText(r.medianMs, floor?.medianMs),
      r.edges === undefined ? '—' : String(r.edges),
      r.agreement ? `${r.agreement.recallPct}% found, +${r.agreement.extra}` : '—',
      r.note ?? '',
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row) =>
    row
      .map((cell, c) => (c === 0 || c === 10 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join('  ');
  const out = [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  if (cold && floor)
    out.push('', `proofmap cold / ${floor.name}: ${(cold.medianMs / floor.medianMs).toFixed(2)}x`);
  if (cold && tsApi) out.push(`proofmap cold / ts-api: ${(cold.medianMs / tsApi.medianMs).toFixed(2)}x`);
  const ok = (name) => results.find((r) => r.name === name && r.status === 'ok');
  const start = ok('floor node start');
  const statWalk = ok('floor stat walk');
  const rescans = ['no-change', 'touched', 'edit-1']
    .flatMap((r) => [`proofmap ${r}`, `proofmap ${r} (watcher)`])
    .map(ok)
    .filter(Boolean);
  if (statWalk && rescans.length > 0)
    out.push(
      `rescans against their floor (${statWalk.name} ${statWalk.medianMs} ms, of it ${start ? `node start ${start.medianMs} ms` : 'node start not measured'}): ` +
        rescans
          .map((r) => `${r.name.replace('proofmap ', '')} ${(r.medianMs / statWalk.medianMs).toFixed(2)}x`)
          .join(', '),
    );
  const stages = cold?.details?.timings;
  if (stages?.symbols !== undefined) {
    const total = Object.values(stages).reduce((a, b) => a + b, 0);
    const uses = cold.details.byRelation?.uses ?? 0;
    out.push(
      `proofmap cold: symbol stage ${Math.round(stages.symbols)} ms of ${Math.round(total)} ms in stages (${((100 * stages.symbols) / total).toFixed(1)} %; the stage alone — its ${uses} uses edges of ${cold.details.edges} also pass verify, guard, emit and index)`,
    );
  }
  for (const r of results) {
    const w = r.details?.withWatcher;
    if (w) out.push(`${r.name}: the last round's ${w.runs} CLI runs p50 ${w.p50} ms, p95 ${w.p95} ms`);
  }
  for (const r of results)
    for (const [source, w] of Object.entries(r.details?.watch ?? {}))
      out.push(
        `${r.name} (${source}): write → fresh index p50 ${w.freshP50} ms, p95 ${w.freshP95} ms (a watcher's first edit p50 ${w.firstP50} ms; the edits after it p95 ${w.steadyP95} ms); write → first event p50 ${w.deliveryP50} / p95 ${w.deliveryP95} ms; first event → fresh index p50 ${w.eventP50} / p95 ${w.eventP95} ms; write → update line p50 ${w.lineP50} ms; watcher CPU ${w.cpuPerEdit} ms per edit (${w.n} edits, ${w.modes})`,
      );
  return out.join('\n');
}

/** How much of ts-api's pair set a tool found, and how many pairs it has that ts-api does not. */
export function agreement(pairs, reference) {
  if (!pairs || !reference || reference.size === 0) return undefined;
  let shared = 0;
  for (const p of pairs) if (reference.has(p)) shared++;
  return {
    shared,
    recallPct: ((100 * shared) / reference.size).toFixed(1),
    extra: pairs.size - shared,
    missing: reference.size - shared,
  };
}
