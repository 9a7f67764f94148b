// A throwaway PostgreSQL cluster for tests and benchmarks: initdb into a temporary folder, the
// server on 127.0.0.1 and a free port, stopped and deleted by stop(). PostgreSQL refuses to run
// as root, so under root the server runs as the `postgres` system user through runuser. Every
// command is an argv array; nothing goes through a shell.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The newest installed server's bin folder, or undefined when no server is installed. */
export function serverBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** argv prefix that runs a command as the cluster's owner. */
function asOwner() {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
}

function run(argv) {
  execFileSync(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * Starts a cluster; resolves to { url, stop }. `url` connects as the superuser `proofmap` to
 * the database `proofmap` (trust authentication: the cluster listens on loopback only and lives
 * for one test run).
 */
export async function startCluster() {
  const bin = serverBin();
  if (!bin) throw new Error('no PostgreSQL server (apt-get install postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmap-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    fs.chownSync(dir, Number(ids), Number(gid));
  }
  const prefix = asOwner();
  run([
    ...prefix,
    path.join(bin, 'initdb'),
    '-D',
    data,
    '-U',
    'proofmap',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const port = await freePort();
  const server = spawn(
    prefix[0] ?? path.join(bin, 'postgres'),
    [
      ...prefix.slice(1),
      ...(prefix.length ? [path.join(bin, 'postgres')] : []),
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr.on('data', (b) => {
    log = (log + b.toString()).slice(-4000);
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const ready = Date.now() + 30_000;
  for (;;) {
    try {
      run([path.join(bin, 'pg_isready'), '-h', '127.0.0.1', '-p', String(port), '-q']);
      break;
    } catch {
      if (server.exitCode !== null || Date.now() > ready) throw new Error(`postgres did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  run([path.join(bin, 'createdb'), '-h', '127.0.0.1', '-p', String(port), '-U', 'proofmap', 'proofmap']);
  const url = `postgres://proofmap@127.0.0.1:${port}/proofmap`;
  return {
    url,
    port,
    bin,
    async stop() {
      // runuser does not pass signals on, so the server is stopped by its own tool.
      if (server.exitCode === null) {
        run([...prefix, path.join(bin, 'pg_ctl'), 'stop', '-D', data, '-m', 'fast', '-s']);
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
