/**
 * The runs and studies of the desktop app (Node side of the Electron main process): the shared run
 * host (shared/host/run-host.ts) over run folders under the runs directory. Host-agnostic apart from
 * `spawn`, so tests drive it with Node child processes.
 */
import { RunHost, type RunHostOptions } from '../shared/host/run-host.ts';
import { FolderRunStore } from './run-folder-store.ts';

export type RunManagerOptions = Omit<RunHostOptions, 'store'> & { runsDir: string };

export class RunManager extends RunHost {
  constructor({ runsDir, ...o }: RunManagerOptions) {
    super({ ...o, store: new FolderRunStore(runsDir) });
  }
}
