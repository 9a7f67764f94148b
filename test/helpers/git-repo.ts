/** Temp repositories committed to git, as a user's checkout is (tmpRepo plus init, add, commit). */
import { execFileSync } from 'node:child_process';
import { tmpRepo } from './tmp-repo.js';

export function committedRepo(files: Record<string, string>): string {
  const root = tmpRepo(files);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: root });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'init');
  return root;
}

/** `src/m0.ts` … `src/m<n-1>.ts`, each importing the one before it (`v<i>` from `m<i>`). */
export function importChain(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++)
    files[`src/m${i}.ts`] =
      `${i > 0 ? `import { v${i - 1} } from './m${i - 1}.js';\n` : ''}export const v${i} = ${i};\n`;
  return files;
}
