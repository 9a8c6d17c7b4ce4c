/**
 * Every IPC handler goes through `handle`: the sender must be one of our windows (by webContents id)
 * showing our own page, and the payload is validated before the handler sees it. Errors reach the
 * renderer as rejected promises with a message naming the field.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';

export interface Trust {
  /** webContents ids of our windows */
  readonly ids: ReadonlySet<number>;
}

function isTrustedSender(event: IpcMainInvokeEvent, trust: Trust): boolean {
  if (!trust.ids.has(event.sender.id)) return false;
  const url = event.senderFrame?.url ?? '';
  return (
    url.startsWith('file://') ||
    (process.env.ELECTRON_RENDERER_URL !== undefined && url.startsWith(process.env.ELECTRON_RENDERER_URL))
  );
}

export function handle<A extends unknown[], R>(
  channel: string,
  trust: Trust,
  fn: (...args: A) => R | Promise<R>,
): void {
  ipcMain.handle(channel, async (event, ...args) => {
    if (!isTrustedSender(event, trust))
      throw new Error(`${channel}: refused, the sender is not a Game Tree Lab window`);
    return fn(...(args as A));
  });
}
