/**
 * The query commands a running watcher answers for the CLI (resident/scan-socket.ts): the command
 * runs here, in the watcher's process, with the arguments and directory the CLI was given, and
 * prints into strings the CLI writes out — the same code, so the same output, as when the CLI
 * answers by itself. What the watcher saves is the CLI's opening of the index and its reading of
 * the map: the session is kept between questions while the index epoch holds.
 *
 * A kept session reads edges lazily inside a read transaction; held across the watcher's writes it
 * would keep SQLite from checkpointing its log, so it is let go after every update (`drop`).
 */

import { realpathSync } from 'node:fs';
import { openStoreSession, type Session } from '../query/session.js';
import type { ResidentQuestion } from '../resident/scan-socket.js';
import { type LocalStore, localStore } from '../store/local-store.js';
import { askable } from './ask-watcher.js';
import type { Io } from './io.js';
import { run } from './main.js';

export interface ResidentQueries {
  /** Runs the CLI's question; what it printed and its exit code. */
  query(question: ResidentQuestion): Promise<{ stdout: string; stderr: string; exitCode: number }>;
  /** Lets the kept session go (after each update of the watcher). */
  drop(): void;
}

/** Answers for the repository at `root` (a real path), and for no other. */
export function residentQueries(root: string): ResidentQueries {
  let kept: { root: string; epoch: number; store: LocalStore; session: Session } | undefined;
  const release = () => {
    kept?.session.close();
    kept?.store.closeNow();
    kept = undefined;
  };
  // Questions run one at a time. A command awaits (its module's import, a cross-repository step):
  // an update meanwhile must not close the session under it, so its drop waits for the question.
  let queue: Promise<unknown> = Promise.resolve();
  let running = false;
  let dropLater = false;
  const drop = () => {
    if (running) dropLater = true;
    else release();
  };
  // The CLI guessed which repository its arguments name (ask-watcher.ts); the command's own parse
  // decides, and a question about another one is not answered here.
  let elsewhere = false;
  const keptSession = async (asked: string) => {
    if (realpathSync(asked) !== root) {
      elsewhere = true;
      throw new Error(`${asked} is not the repository this watcher holds`);
    }
    if (kept && (kept.root !== asked || kept.store.index.epoch() !== kept.epoch)) release();
    if (!kept) {
      const store = localStore(asked, { lazyEdges: true });
      try {
        // The epoch is read before the map, as in the MCP workspace: a write in between makes the
        // next question reopen, never keeps a newer map under an older epoch.
        const epoch = store.index.epoch();
        // The gate lets an edit through once its impact was consulted: asking counts here too.
        const session = await openStoreSession(store, asked, { recordConsults: true });
        kept = { root: asked, epoch, store, session };
      } catch (error) {
        store.closeNow();
        throw error;
      }
    }
    return { session: kept.session, store: kept.store };
  };
  return {
    query(question) {
      const answer = queue.then(() => answerOne(question));
      queue = answer.catch(() => {});
      return answer;
    },
    drop,
  };

  async function answerOne({ command, argv, cwd }: ResidentQuestion) {
    if (!askable(command, argv)) throw new Error(`${command} ${argv.join(' ')} is not asked of a watcher`);
    const stdout: string[] = [];
    const stderr: string[] = [];
    const io: Io = {
      stdout: { write: (chunk) => stdout.push(chunk) },
      stderr: { write: (chunk) => stderr.push(chunk), isTTY: false },
      cwd,
      // Not the watcher's environment: a --db variable there must not redirect the CLI's question
      // (the CLI asks only when it has no database to read).
      env: {},
      keptSession,
    };
    running = true;
    elsewhere = false;
    try {
      const exitCode = await run([command, ...argv], io);
      if (elsewhere) throw new Error('the question is about another repository');
      return { stdout: stdout.join(''), stderr: stderr.join(''), exitCode };
    } finally {
      running = false;
      if (dropLater) {
        dropLater = false;
        release();
      }
    }
  }
}
