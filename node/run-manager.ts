/**
 * The runs and studies of the desktop app (Node side of the Electron main process): the shared run
 * host (shared/host/run-host.ts) over run folders under the runs directory, completed studies kept as
 * files in its `studies` folder. Host-agnostic apart from `spawn`, so tests drive it with Node child
 * processes.
 */
import { join } from 'node:path';
import { RunHost, type RunHostOptions } from '../shared/host/run-host.ts';
import { FolderRunStore } from './run-folder-store.ts';
import { FolderStudyStore, STUDIES_DIR } from './study-folder-store.ts';

export type RunManagerOptions = Omit<RunHostOptions, 'store' | 'studies'> & { runsDir: string };

export class RunManager extends RunHost {
  constructor({ runsDir, ...o }: RunManagerOptions) {
    super({ ...o, store: new FolderRunStore(runsDir), studies: new FolderStudyStore(join(runsDir, STUDIES_DIR)) });
  }
}
