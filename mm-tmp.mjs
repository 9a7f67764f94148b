import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] });
const p = await b.newPage();
await p.setContent('<!doctype html><html><body></body></html>');
await p.addScriptTag({ path: '/work/wt-19c/node_modules/mermaid/dist/mermaid.min.js' });
const g = 'flowchart LR\n  %% g\n  n0["a"]\n  n1["b"]\n  n0 --> n1\n';
const texts = [g.replace('n0["a"]','n0["a]'), g.replace('n0["a"]','n0["say "hi""]'), g.replace('n0 --> n1','n0 -->|"x| n1'), g.replace('n1["b"]','n1["b"'), g.replace('flowchart LR','flowchart LR\n  n0["x"] --> --> n1'), 'flowchart LR\n  n0["#96;markdown#96; **s**"]\n  n1["a #35; b"]\n  n2["<b>x</b> &amp;"]\n n0 --> n1\n', g.replace('n0 --> n1', 'n0 --> n1 -->')];
const r = await p.evaluate(async (texts) => {
  const m = globalThis.mermaid; m.initialize({ startOnLoad: false });
  const out = [];
  for (const t of texts) { try { const d = await m.mermaidAPI.getDiagramFromText(t); out.push('OK ' + JSON.stringify([...d.db.getVertices().values()].map(v=>v.text))); } catch (e) { out.push('ERR ' + String(e.message).split('\n')[0]); } }
  return out;
}, texts);
console.log(r.join('\n'));
await b.close();
