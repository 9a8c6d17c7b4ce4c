/**
 * The pool's WorkerHandle over a Node child process: a fork of node/worker-entry.ts run through tsx, or,
 * where this module is part of a bundle with worker-entry.mjs beside it (the tests' build of gtlab,
 * test/gtlab-bundle.ts), a fork of that file under plain Node.
 * A child can die before the pool hears of it (a signal to the whole process group, a crash): writing
 * to its closed channel fails asynchronously with EPIPE or ERR_IPC_CHANNEL_CLOSED. Those failures are
 * expected and dropped here, since the child's exit event, which the pool waits for, follows.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SpawnWorker, WorkerHandle } from '../shared/jobs/job-pool.ts';

const BUNDLED_ENTRY = fileURLToPath(new URL('./worker-entry.mjs', import.meta.url));
const SOURCE_ENTRY = fileURLToPath(new URL('./worker-entry.ts', import.meta.url));
/** The worker's file and Node options: the bundled entry as it is, the source through tsx's loader. */
const WORKER = existsSync(BUNDLED_ENTRY)
  ? { entry: BUNDLED_ENTRY, execArgv: [] }
  : // An absolute specifier, so the child finds tsx whatever the working directory.
    { entry: SOURCE_ENTRY, execArgv: ['--import', import.meta.resolve('tsx')] };

const CHANNEL_GONE = new Set(['EPIPE', 'ECONNRESET', 'ERR_IPC_CHANNEL_CLOSED', 'ERR_IPC_DISCONNECTED']);

/** A failure to reach a child whose channel has closed (it has exited or is exiting). */
function isChannelGone(e: unknown): boolean {
  return CHANNEL_GONE.has(String((e as NodeJS.ErrnoException | null)?.code));
}

export const spawnChildProcessWorker: SpawnWorker = (): WorkerHandle => {
  const child = fork(WORKER.entry, [], { execArgv: WORKER.execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  child.on('error', (e) => {
    if (!isChannelGone(e)) throw e;
  });
  return {
    postMessage: (m) => {
      if (!child.connected) return;
      child.send(m, (e) => {
        if (e && !isChannelGone(e)) throw e;
      });
    },
    onMessage: (cb) => child.on('message', cb),
    onExit: (cb) => child.on('exit', (code, signal) => cb({ code, signal })),
    kill: () => child.kill('SIGKILL'),
  };
};
