/** Electron entry: a thin shell that opens the window, owns the run host (runs and studies, kept under the runs directory) and registers IPC handlers. */
import { app, BrowserWindow } from 'electron';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { CHANNELS, type HostEvent } from '../../shared/api/contract.ts';
import { RunManager } from '../../node/run-manager.ts';
import { createMainWindow } from './window.ts';
import { registerAppHandlers } from './ipc-app.ts';
import { registerRunHandlers } from './ipc-runs.ts';
import { registerFileHandlers } from './ipc-files.ts';
import { registerStudyHandlers } from './ipc-studies.ts';
import { spawnUtilityWorker } from './utility-worker.ts';

const trusted = new Set<number>();

function open(): void {
  const win = createMainWindow();
  const id = win.webContents.id;
  trusted.add(id);
  win.on('closed', () => trusted.delete(id));
}

function broadcast(e: HostEvent): void {
  for (const w of BrowserWindow.getAllWindows())
    if (trusted.has(w.webContents.id)) w.webContents.send(CHANNELS.runEvent, e);
}

void app.whenReady().then(() => {
  // Run folders live in the app's data directory unless GTLAB_RUNS_DIR says otherwise.
  const runsDir = process.env.GTLAB_RUNS_DIR ?? join(app.getPath('userData'), 'runs');
  const runs = new RunManager({
    runsDir,
    spawn: spawnUtilityWorker,
    workers: Math.max(1, cpus().length - 1),
    emit: broadcast,
    emitStudy: broadcast,
  });
  const trust = { ids: trusted };
  registerAppHandlers(trust);
  registerRunHandlers(trust, runs);
  registerStudyHandlers(trust, runs);
  registerFileHandlers(trust, runsDir);
  open();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
  app.on('before-quit', () => runs.close());
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
