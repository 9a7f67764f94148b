/** A fresh database per test file in the run's throwaway cluster (see pg-global.ts). */
import crypto from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';

export const pgUrl = inject('pgUrl');
export const skipPg = pgUrl === '';
if (skipPg) console.warn('PostgreSQL tests skipped: no server installed (apt-get install postgresql)');

export async function freshDatabase(): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return u.href;
}
