/**
 * The socket through which `proofmap scan` asks a running resident (`proofmap watch`, `serve
 * --watch`) instead of scanning: a Unix socket at .proofmap/watch.sock, one question and one
 * answer per connection, each a JSON line. A rescan through it costs Node's start and one round
 * trip instead of an lstat of every file; whatever the resident cannot vouch for, it says so, and
 * the CLI scans as it does without one. The query commands (impact, context, refs, …) ask it the
 * same way, once it has proven its map current, and it runs them over a session it keeps open
 * between questions instead of each CLI process opening the index anew.
 *
 * .proofmap/ may be committed, so what lies there is untrusted: the CLI talks only to a socket (not
 * a link, not a file) owned by its own user, and takes the answer only for the root it asked about.
 * This module is read on every `proofmap scan` and query: it loads nothing beyond Node's own modules.
 */
import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ProofMap } from '../map/schema.js';
import type { ScanFinding } from '../scan-support.js';

/** The protocol's version: a resident of another version is not asked. */
const VERSION = 1;
/** Linux's limit for a socket path is 107 bytes; past it no resident is reached this way. */
const MAX_PATH_BYTES = 100;
/** A connection silent this long (neither a question nor an answer on it) is closed. */
const IDLE_MS = 120_000;

/** What the resident answers for a map it has proven current. */
export interface ResidentScan {
  root: string;
  mapFile: string;
  meta: ProofMap['meta'];
  findings: ScanFinding[];
  /** The resident applied a change (or rescanned) before answering: the map was not yet current. */
  updated: boolean;
  /** Milliseconds the resident took, from the question to the answer. */
  ms: number;
}

export type ResidentReply = { scan: ResidentScan } | { unavailable: string };

/**
 * A query command as the CLI was asked it: its name, its arguments, and the directory they are
 * relative to. The resident runs the same command over its kept session (cli/resident-queries.ts).
 */
export interface ResidentQuestion {
  command: string;
  argv: string[];
  cwd: string;
}

/** What the command printed and returned, as the CLI would have. */
export interface ResidentQueryAnswer {
  root: string;
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Milliseconds the resident took, from the question to the answer. */
  ms: number;
}

export type ResidentQueryReply = { query: ResidentQueryAnswer } | { unavailable: string };

/** `<root>/.proofmap/watch.sock`, or undefined when the path is too long for a socket. */
export function scanSocketPath(root: string): string | undefined {
  const file = path.join(root, '.proofmap', 'watch.sock');
  return Buffer.byteLength(file) <= MAX_PATH_BYTES ? file : undefined;
}

/** Whether a socket of this user's lies at `root`'s (a real path) place for one. */
export function servedAt(root: string): boolean {
  const file = scanSocketPath(root);
  return file !== undefined && isOwnSocket(file);
}

/**
 * Asks the resident of `root` (a real path) for a current map. Undefined when none answers, when
 * what answers is not ours, or when it could not vouch for its map: the caller then scans.
 */
export function askResident(root: string, timeoutMs = 60_000): Promise<ResidentScan | undefined> {
  return exchange(root, { op: 'scan' }, timeoutMs, (reply) => {
    const scan = reply.scan as ResidentScan | undefined;
    if (!scan || scan.root !== root) return undefined;
    return scan.meta && Array.isArray(scan.findings) && typeof scan.mapFile === 'string' ? scan : undefined;
  });
}

/**
 * Asks the resident of `root` to run a query command against its map once it has proven it
 * current. Undefined as for askResident: the caller then answers by itself.
 */
export function askResidentQuery(
  root: string,
  query: ResidentQuestion,
  timeoutMs = 60_000,
): Promise<ResidentQueryAnswer | undefined> {
  return exchange(root, { op: 'query', query }, timeoutMs, (reply) => {
    const answer = reply.query as ResidentQueryAnswer | undefined;
    if (!answer || answer.root !== root) return undefined;
    const { stdout, stderr, exitCode } = answer;
    return typeof stdout === 'string' && typeof stderr === 'string' && Number.isInteger(exitCode)
      ? answer
      : undefined;
  });
}

/** One question, one JSON line back, read by `accept`; undefined on anything else. */
function exchange<T>(
  root: string,
  question: Record<string, unknown>,
  timeoutMs: number,
  accept: (reply: Record<string, unknown>) => T | undefined,
): Promise<T | undefined> {
  const file = scanSocketPath(root);
  if (!file || !isOwnSocket(file)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = net.connect(file);
    const received: string[] = [];
    let settled = false;
    const finish = (answer: T | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ v: VERSION, ...question, root })}\n`));
    socket.on('data', (chunk: string) => {
      // A query's answer can be large: only the new chunk is searched for the line's end.
      const end = chunk.indexOf('\n');
      if (end < 0) {
        received.push(chunk);
        return;
      }
      received.push(chunk.slice(0, end));
      finish(replyOf(received.join(''), accept));
    });
    socket.on('error', () => finish(undefined));
    socket.on('close', () => finish(undefined));
  });
}

function isOwnSocket(file: string): boolean {
  try {
    const stat = lstatSync(file);
    return stat.isSocket() && (process.getuid === undefined || stat.uid === process.getuid());
  } catch {
    return false;
  }
}

function replyOf<T>(line: string, accept: (reply: Record<string, unknown>) => T | undefined): T | undefined {
  try {
    const reply = JSON.parse(line) as Record<string, unknown> | null;
    return reply && reply.v === VERSION ? accept(reply) : undefined;
  } catch {
    return undefined;
  }
}

export interface ScanSocket {
  close(): Promise<void>;
}

/**
 * Serves `answer` (and `query`, when given) at `root`'s socket. Undefined, with the reason, when it
 * cannot: the path is too long, or another live resident already serves it. A socket left behind
 * by a resident that died is replaced.
 */
export async function serveScans(
  root: string,
  answer: () => Promise<ResidentReply>,
  query?: (question: ResidentQuestion) => Promise<ResidentQueryReply>,
): Promise<ScanSocket | { refused: string }> {
  const file = scanSocketPath(root);
  if (!file) return { refused: `the socket path under ${root} is too long for a Unix socket` };
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    let received = '';
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    // A client that never asks would otherwise hold its connection, and the resident's stop, forever.
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    socket.on('data', (chunk: string) => {
      if (received.includes('\n')) return;
      received += chunk;
      const end = received.indexOf('\n');
      if (end < 0) return;
      void reply(received.slice(0, end)).then(
        (out) => socket.end(`${JSON.stringify({ v: VERSION, ...out })}\n`),
        (error: unknown) => socket.end(`${JSON.stringify({ v: VERSION, unavailable: String(error) })}\n`),
      );
    });
  });
  const reply = async (line: string): Promise<ResidentReply | ResidentQueryReply> => {
    let question: { v?: number; op?: string; root?: string; query?: ResidentQuestion };
    try {
      question = JSON.parse(line) as typeof question;
    } catch {
      return { unavailable: 'the question is not JSON' };
    }
    if (question.v !== VERSION) return { unavailable: 'unknown question' };
    if (question.root !== root) return { unavailable: `this resident holds ${root}` };
    if (question.op === 'scan') return answer();
    if (question.op === 'query' && query && isQuestion(question.query)) return query(question.query);
    return { unavailable: 'unknown question' };
  };
  const listening = await listen(server, file);
  if (listening !== true) return { refused: listening };
  chmodSync(file, 0o600);
  // A failed accept (out of descriptors) must not end the resident: that client scans by itself.
  server.on('error', () => {});
  return {
    close: () =>
      new Promise<void>((done) => {
        // A question still waiting for its answer is dropped: its CLI scans by itself.
        for (const socket of open) socket.destroy();
        server.close(() => done());
        // Removed here whether or not Node does on close; one left behind is replaced by the next.
        try {
          unlinkSync(file);
        } catch {}
      }),
  };
}

function isQuestion(q: ResidentQuestion | undefined): q is ResidentQuestion {
  return (
    typeof q?.command === 'string' &&
    typeof q.cwd === 'string' &&
    Array.isArray(q.argv) &&
    q.argv.every((a) => typeof a === 'string')
  );
}

/** Listens at `file`, replacing a socket nobody answers on; true, or why it cannot. */
async function listen(server: net.Server, file: string): Promise<true | string> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const error = await new Promise<NodeJS.ErrnoException | undefined>((done) => {
      server.once('error', done);
      server.listen(file, () => {
        server.off('error', done);
        done(undefined);
      });
    });
    if (!error) return true;
    if (error.code !== 'EADDRINUSE' || attempt > 0) return `cannot listen at ${file} (${error.message})`;
    if (!isOwnSocket(file)) return `${file} exists and is not this user's socket`;
    if (await answers(file)) return 'another resident answers scans for this repository';
    unlinkSync(file);
  }
  return `cannot listen at ${file}`;
}

function answers(file: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(file);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}
