/**
 * The runs of the desktop app (Node side of the Electron main process): the shared run host
 * (shared/host/run-host.ts) over run folders under the runs directory. Host-agnostic apart from
 * `spawn`, so tests drive it with Node child processes.
 */
import type { RunEvent, StudyEvent } from '../shared/api/contract.ts';
import { RunHost } from '../shared/host/run-host.ts';
import type { SpawnWorker } from '../shared/jobs/job-pool.ts';
import { FolderRunStore } from './run-folder-store.ts';

export interface RunManagerOptions {
  runsDir: string;
  spawn: SpawnWorker;
  workers: number;
  emit: (e: RunEvent) => void;
  emitStudy?: (e: StudyEvent) => void;
  maxEventsPerSecond?: number;
  cancelGraceMs?: number;
}

export class RunManager extends RunHost {
  constructor({ runsDir, ...o }: RunManagerOptions) {
    super({ ...o, store: new FolderRunStore(runsDir) });
  }
}
