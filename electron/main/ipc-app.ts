/** IPC handlers of the "app" domain. */
import { app } from 'electron';
import { cpus } from 'node:os';
import { CHANNELS, type AppInfo } from '../../shared/api/contract.ts';
import { handle, type Trust } from './ipc-guard.ts';

export function registerAppHandlers(trust: Trust): void {
  handle(
    CHANNELS.appInfo,
    trust,
    (): AppInfo => ({
      name: 'Game Tree Lab',
      version: app.getVersion(),
      host: 'electron',
      versions: {
        electron: process.versions.electron ?? '',
        chrome: process.versions.chrome ?? '',
        node: process.versions.node,
      },
      defaultWorkers: Math.max(1, cpus().length - 1),
    }),
  );
}
