/** IPC handlers of the "app" domain. Every handler checks the sender is our own window. */
import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, type AppInfo } from '../../shared/api/contract.ts';

export function isTrustedSender(event: IpcMainInvokeEvent, trustedIds: ReadonlySet<number>): boolean {
  return trustedIds.has(event.sender.id);
}

export function registerAppHandlers(trustedIds: ReadonlySet<number>): void {
  ipcMain.handle(CHANNELS.appInfo, (event): AppInfo => {
    if (!isTrustedSender(event, trustedIds)) throw new Error('untrusted sender');
    return {
      name: 'Game Tree Lab',
      version: app.getVersion(),
      versions: { electron: process.versions.electron ?? '', chrome: process.versions.chrome ?? '', node: process.versions.node },
    };
  });
}
