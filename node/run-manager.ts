/**
 * The runs and studies of the desktop app (Node side of the Electron main process): the shared run
 * host (shared/host/run-host.ts) over run folders under the runs directory, completed studies kept as
 * files in its `studies` folder. Host-agnostic apart from `spawn`, so tests drive it with Node child
 * processes. The run folders it writes are locked in the app's name (./run-folder-lock.ts).
 */
import { join } from 'node:path';
import { RunHost, type RunHostOptions } from '../shared/host/run-host.ts';
import { FolderRunStore } from './run-folder-store.ts';
import { FolderStudyStore, STUDIES_DIR } from './study-folder-store.ts';
import { setLockCommand } from './run-folder-lock.ts';

export type RunManagerOptions = Omit<RunHostOptions, 'store' | 'studies'> & { runsDir: string };

export class RunManager extends RunHost {
  constructor({ runsDir, ...o }: RunManagerOptions) {
    setLockCommand('the Game Tree Lab app');
    super({ ...o, store: new FolderRunStore(runsDir), studies: new FolderStudyStore(join(runsDir, STUDIES_DIR)) });
  }
}
