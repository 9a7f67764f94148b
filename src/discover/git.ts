/**
 * The one way proofmap runs git. The repository is untrusted input — its `.git/config` may come
 * with it — and several config keys make git run commands: `core.fsmonitor` on any command that
 * refreshes the index, hooks, pagers, external diff drivers, textconv and clean filters. Every call
 * turns those off on the command line (which wins over every config file), runs without a pager or
 * terminal prompt, takes no optional locks (a reader must not write `.git/index`), and drops the
 * caller's GIT_* environment, which could point git at another repository or index.
 */
import { createRequire } from 'node:module';

// Loaded on the first git run: node:child_process (with net and dgram behind it) cost an
// unchanged rescan, which takes git's listing from its cache and never runs git, a few ms.
type ChildProcess = typeof import('node:child_process');
let childProcess: ChildProcess | undefined;
const spawning = (): ChildProcess =>
  (childProcess ??= createRequire(import.meta.url)('node:child_process') as ChildProcess);

/** `-c` overrides placed before every subcommand. */
const SAFE_CONFIG = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.untrackedCache=false',
  'diff.external=',
  'pager.diff=false',
];

export interface GitOptions {
  /** Bytes of output accepted (default 64 MiB). */
  maxBuffer?: number;
}

/** The environment git runs in: the caller's, without GIT_*, never prompting, never locking. */
export function gitEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) if (!key.startsWith('GIT_')) clean[key] = value;
  return { ...clean, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat' };
}

/**
 * The filter drivers the repository's config defines (`filter.<name>.clean|smudge|process`):
 * reading config runs nothing, and each found is then overridden with an empty command, so a
 * diff that re-hashes a touched file never runs the repository's clean filter.
 */
function filterOverrides(cwd: string): string[] {
  let listed: string;
  try {
    listed = spawning().execFileSync(
      'git',
      [...base(), 'config', '--get-regexp', '^filter\\..*\\.(clean|smudge|process)$'],
      {
        cwd,
        env: gitEnv(),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
  } catch {
    return []; // exit 1: no filter configured
  }
  const out: string[] = [];
  for (const line of listed.split('\n')) {
    const key = /^(filter\..*\.(?:clean|smudge|process)) /.exec(line)?.[1];
    if (key) out.push('-c', `${key}=`);
  }
  return out;
}

const base = () => ['--no-pager', ...SAFE_CONFIG.flatMap((c) => ['-c', c])];

/**
 * Runs `git <args>` in `cwd` and returns its stdout; throws what execFileSync throws (the
 * caller turns it into its own one-line error). `diff` also gets --no-ext-diff and --no-textconv
 * and the repository's filters neutralised.
 */
export function runGit(cwd: string, args: readonly string[], options: GitOptions = {}): Buffer {
  return spawning().execFileSync('git', gitArgv(cwd, args), {
    cwd,
    env: gitEnv(),
    maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * runGit without blocking: a resident server runs independent git commands side by side. Rejects
 * with an error carrying `stderr`, as runGit throws.
 */
export function runGitAsync(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<Buffer> {
  const argv = gitArgv(cwd, args);
  return new Promise((resolve, reject) => {
    spawning()
      .execFile(
        'git',
        argv,
        { cwd, env: gitEnv(), encoding: 'buffer', maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) reject(Object.assign(error, { stderr }));
          else resolve(stdout);
        },
      )
      .stdin?.end();
  });
}

function gitArgv(cwd: string, args: readonly string[]): string[] {
  const [command, ...rest] = args;
  const diff = command === 'diff';
  return [
    ...base(),
    ...(diff ? filterOverrides(cwd) : []),
    command!,
    ...(diff ? ['--no-ext-diff', '--no-textconv'] : []),
    ...rest,
  ];
}
