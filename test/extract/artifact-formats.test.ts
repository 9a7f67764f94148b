/**
 * Decision logs as real tools write them (fixtures copied from each format, sources and licences
 * in each fixture's README): every record found, with its status, and every typed link declared.
 */
import { cpSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProofMap } from '../../src/map/schema.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

async function scanned(name: string): Promise<ProofMap> {
  const root = tmpRepo({});
  cpSync(new URL(`../fixtures/${name}`, import.meta.url), root, { recursive: true });
  return (await scan({ root })).map;
}

/** `path → id status` for every record, and `id relation id` for every typed link. */
function records(map: ProofMap) {
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  const name = (id: string) => String(byId.get(id)?.metadata?.artifact_id ?? byId.get(id)?.path ?? id);
  return {
    records: map.nodes
      .filter((n) => n.kind === 'artifact')
      .map((n) => `${n.path} ${n.metadata?.artifact_id} ${n.metadata?.status ?? '-'}`)
      .sort(),
    links: map.edges
      .filter((e) => e.namespace === 'typed-link')
      .map((e) => `${name(e.from)} ${e.relation} ${name(e.to)}`)
      .sort(),
  };
}

describe('decision-record formats', () => {
  it('adr-tools: numbered records, "## Status" sections, "Supercedes"/"Superceded by" links', async () => {
    expect(records(await scanned('adr-format-adr-tools'))).toEqual({
      records: [
        'doc/adr/0001-record-architecture-decisions.md ADR-1 accepted',
        'doc/adr/0007-use-iso-8601-date-format.md ADR-7 accepted',
        'doc/adr/0008-use-iso-8601-format-for-dates.md ADR-8 accepted',
      ],
      // Declared on both sides, one edge.
      links: ['ADR-8 supersedes ADR-7'],
    });
  });

  it('MADR 2: "* Status:" and "* Deciders:" bullets, supersession in the status bullet', async () => {
    const map = await scanned('adr-format-madr2');
    expect(records(map)).toEqual({
      records: [
        'docs/adr/0000-use-markdown-architectural-decision-records.md ADR-0 accepted',
        'docs/adr/0005-use-dashes-in-filenames.md ADR-5 superseded',
        'docs/adr/0006-use-names-as-identifier.md ADR-6 accepted',
      ],
      links: ['ADR-6 supersedes ADR-5'],
    });
    const first = map.nodes.find((n) => n.metadata?.artifact_id === 'ADR-0')!;
    expect(first.metadata?.deciders).toEqual(['Oliver Kopp', 'Olaf Zimmermann']);
  });

  it('MADR 3: front-matter status (with its link), deciders, covers and checks', async () => {
    const map = await scanned('adr-format-madr3');
    expect(records(map)).toEqual({
      records: [
        'docs/decisions/0012-use-curly-braces-to-denote-placeholder.md ADR-12 superseded',
        'docs/decisions/0013-use-yaml-front-matter-for-meta-data.md ADR-13 accepted',
      ],
      links: ['ADR-13 covers src/meta.ts', 'ADR-13 supersedes ADR-12'],
    });
    const adr13 = map.nodes.find((n) => n.metadata?.artifact_id === 'ADR-13')!;
    expect(adr13.metadata).toMatchObject({
      deciders: ['Oliver Kopp', 'Olaf Zimmermann'],
      checks: ['npm run test:meta'],
    });
  });

  it('MADR 4: decision-makers; records referred to by title and by slug; an unnumbered record by content', async () => {
    const map = await scanned('adr-format-madr4');
    expect(records(map)).toEqual({
      records: [
        'docs/decisions/0017-use-same-format-for-outcomes-and-options.md ADR-17 superseded',
        'docs/decisions/0018-use-confirmation-as-heading.md ADR-18 accepted',
        'docs/decisions/0019-consequences-in-minimal-template.md ADR-19 proposed',
        'docs/decisions/use-plain-names.md use-plain-names proposed',
      ],
      links: ['ADR-18 supersedes ADR-17', 'ADR-19 refines ADR-18', 'use-plain-names based_on ADR-18'],
    });
    expect(map.nodes.find((n) => n.metadata?.artifact_id === 'ADR-18')!.metadata?.deciders).toEqual([
      'Oliver Kopp',
      'Olaf Zimmermann',
    ]);
  });

  it('log4brains: date-named records in the folders .log4brains.yml names, supersession both ways', async () => {
    expect(records(await scanned('adr-format-log4brains'))).toEqual({
      records: [
        'docs/adr/20200925-multi-packages-architecture-in-a-monorepo-with-yarn-and-lerna.md 20200925-multi-packages-architecture-in-a-monorepo-with-yarn-and-lerna accepted',
        'docs/adr/20200926-use-the-adr-number-as-its-unique-id.md 20200926-use-the-adr-number-as-its-unique-id superseded',
        'docs/adr/20201016-use-the-adr-slug-as-its-unique-id.md 20201016-use-the-adr-slug-as-its-unique-id accepted',
        'packages/core/docs/architecture/20201026-the-core-api-is-responsible-for-enhancing-the-adr-markdown-body-with-mdx.md 20201026-the-core-api-is-responsible-for-enhancing-the-adr-markdown-body-with-mdx accepted',
      ],
      links: [
        '20201016-use-the-adr-slug-as-its-unique-id refines 20200925-multi-packages-architecture-in-a-monorepo-with-yarn-and-lerna',
        '20201016-use-the-adr-slug-as-its-unique-id supersedes 20200926-use-the-adr-number-as-its-unique-id',
      ],
    });
  });

  it('Nygard: adr-NNN.md, a Status section, "Superseded by ADR-003" without a link', async () => {
    expect(records(await scanned('adr-format-nygard'))).toEqual({
      records: [
        'doc/arch/adr-001.md ADR-001 accepted',
        'doc/arch/adr-002.md ADR-002 deprecated',
        'doc/arch/adr-003.md ADR-003 accepted',
      ],
      links: ['ADR-003 supersedes ADR-002'],
    });
  });

  it('RFC and PRD folders: numbered files get the folder prefix', async () => {
    expect(records(await scanned('adr-format-rfc-prd'))).toEqual({
      records: [
        'docs/prd/0001-search.md PRD-1 draft',
        'docs/prd/0002-search-filters.md PRD-2 accepted',
        'rfcs/text/0001-private-fields.md RFC-1 -',
        'rfcs/text/0002-rfc-process.md RFC-2 accepted',
      ],
      links: ['PRD-2 based_on RFC-2', 'PRD-2 refines PRD-1', 'RFC-2 based_on RFC-1'],
    });
  });

  it('Backstage: adrNNN-title.md, a Docusaurus id, the id without its hyphen, no template', async () => {
    expect(records(await scanned('adr-format-backstage'))).toEqual({
      records: [
        'docs/architecture-decisions/adr013-use-node-fetch.md ADR-013 -',
        'docs/architecture-decisions/adr014-use-fetch.md ADR-014 accepted',
      ],
      links: ['ADR-014 supersedes ADR-013'],
    });
  });
});
