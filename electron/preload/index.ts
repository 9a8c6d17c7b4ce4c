/** The narrow API the sandboxed renderer gets: exactly the contract in shared/api, nothing else. */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNELS, type GtlabApi, type RunEvent } from '../../shared/api/contract.ts';

export const api: GtlabApi = {
  appInfo: () => ipcRenderer.invoke(CHANNELS.appInfo),
  startRun: (spec) => ipcRenderer.invoke(CHANNELS.startRun, spec),
  cancelRun: (runId) => ipcRenderer.invoke(CHANNELS.cancelRun, runId),
  onRunEvent: (cb) => {
    const listener = (_e: IpcRendererEvent, ev: RunEvent) => cb(ev);
    ipcRenderer.on(CHANNELS.runEvent, listener);
    return () => void ipcRenderer.removeListener(CHANNELS.runEvent, listener);
  },
  listRuns: () => ipcRenderer.invoke(CHANNELS.listRuns),
  openRun: (runId) => ipcRenderer.invoke(CHANNELS.openRun, runId),
  saveFile: (req) => ipcRenderer.invoke(CHANNELS.saveFile, req),
  openSpecFile: () => ipcRenderer.invoke(CHANNELS.openSpecFile),
  exportFigure: (req) => ipcRenderer.invoke(CHANNELS.exportFigure, req),
};

contextBridge.exposeInMainWorld('gtlab', api);
