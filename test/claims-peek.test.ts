import { it } from 'vitest';
import { scan } from '../src/scan.js';
it('peek', async () => {
  const r = await scan({ root: process.env.PEEK!, write: false });
  const m = r.map;
  for (const n of m.nodes.slice(0,200)) console.log(JSON.stringify({id:n.id,k:n.kind,key:n.key,path:n.path,ex:n.exports?.slice(0,3),md:n.metadata,ext:n.external, fa: n.found_at}));
  for (const e of m.edges.slice(0,40)) console.log(JSON.stringify({f:e.from,t:e.to,r:e.relation,ev:e.evidence[0],names:e.names, vb:e.verified_by}));
});
