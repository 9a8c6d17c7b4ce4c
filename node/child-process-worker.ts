/** The pool's WorkerHandle over a Node child process (fork of node/worker-entry.ts, run through tsx). */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SpawnWorker, WorkerHandle } from '../shared/jobs/job-pool.ts';

const ENTRY = fileURLToPath(new URL('./worker-entry.ts', import.meta.url));
// An absolute specifier, so the child finds tsx whatever the working directory.
const TSX = import.meta.resolve('tsx');

export const spawnChildProcessWorker: SpawnWorker = (): WorkerHandle => {
  const child = fork(ENTRY, [], { execArgv: ['--import', TSX], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return {
    postMessage: (m) => {
      if (child.connected) child.send(m);
    },
    onMessage: (cb) => child.on('message', cb),
    onExit: (cb) => child.on('exit', (code, signal) => cb({ code, signal })),
    kill: () => child.kill('SIGKILL'),
  };
};
