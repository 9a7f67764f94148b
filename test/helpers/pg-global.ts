/**
 * vitest globalSetup: one throwaway PostgreSQL cluster for the run (scripts/pg-cluster.mjs),
 * its URL provided to tests as `pgUrl`. Without a server installed the URL is empty and the
 * PostgreSQL tests skip with one reason line — except under CI, where .ci/run installs the
 * server and a missing one is a failure.
 */
import type { TestProject } from 'vitest/node';
// @ts-expect-error a plain .mjs module shared with bench/
import { serverBin, startCluster } from '../../scripts/pg-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!serverBin()) {
    if (process.env.CI) throw new Error('CI: no PostgreSQL server installed (.ci/run installs postgresql)');
    project.provide('pgUrl', '');
    return;
  }
  const cluster = await startCluster();
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
