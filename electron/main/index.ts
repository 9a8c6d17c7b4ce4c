/** Electron entry: a thin shell that opens the window and registers the IPC handlers. */
import { app, BrowserWindow } from 'electron';
import { createMainWindow } from './window.ts';
import { registerAppHandlers } from './ipc-app.ts';

const trusted = new Set<number>();

function open(): void {
  const win = createMainWindow();
  trusted.add(win.webContents.id);
  win.on('closed', () => trusted.delete(win.webContents.id));
}

void app.whenReady().then(() => {
  registerAppHandlers(trusted);
  open();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
