/** The narrow API the sandboxed renderer gets: exactly the contract in shared/api, nothing else. */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNELS, type GtlabApi, type HostEvent, type RunEvent, type StudyEvent } from '../../shared/api/contract.ts';

/** A listener on the host's event channel that passes on the events `pick` accepts. */
function subscribe<E extends HostEvent>(pick: (e: HostEvent) => e is E, cb: (e: E) => void): () => void {
  const listener = (_e: IpcRendererEvent, ev: HostEvent) => {
    if (pick(ev)) cb(ev);
  };
  ipcRenderer.on(CHANNELS.runEvent, listener);
  return () => void ipcRenderer.removeListener(CHANNELS.runEvent, listener);
}

const isRunEvent = (e: HostEvent): e is RunEvent => 'runId' in e;
const isStudyEvent = (e: HostEvent): e is StudyEvent => 'studyId' in e;

export const api: GtlabApi = {
  appInfo: () => ipcRenderer.invoke(CHANNELS.appInfo),
  startRun: (spec, options) => ipcRenderer.invoke(CHANNELS.startRun, spec, options),
  cancelRun: (runId) => ipcRenderer.invoke(CHANNELS.cancelRun, runId),
  resumeRun: (runId) => ipcRenderer.invoke(CHANNELS.resumeRun, runId),
  onRunEvent: (cb) => subscribe(isRunEvent, cb),
  listRuns: () => ipcRenderer.invoke(CHANNELS.listRuns),
  deleteRun: (runId) => ipcRenderer.invoke(CHANNELS.deleteRun, runId),
  annotateRun: (runId, notes) => ipcRenderer.invoke(CHANNELS.annotateRun, runId, notes),
  openRun: (runId) => ipcRenderer.invoke(CHANNELS.openRun, runId),
  importRunFolder: (files) => ipcRenderer.invoke(CHANNELS.importRunFolder, files),
  saveFile: (req) => ipcRenderer.invoke(CHANNELS.saveFile, req),
  openSpecFile: () => ipcRenderer.invoke(CHANNELS.openSpecFile),
  exportFigure: (req) => ipcRenderer.invoke(CHANNELS.exportFigure, req),
  startStudy: (request) => ipcRenderer.invoke(CHANNELS.startStudy, request),
  cancelStudy: (studyId) => ipcRenderer.invoke(CHANNELS.cancelStudy, studyId),
  onStudyEvent: (cb) => subscribe(isStudyEvent, cb),
  listStudies: () => ipcRenderer.invoke(CHANNELS.listStudies),
  openStudy: (id) => ipcRenderer.invoke(CHANNELS.openStudy, id),
  deleteStudy: (id) => ipcRenderer.invoke(CHANNELS.deleteStudy, id),
  exportStudyFigure: (req) => ipcRenderer.invoke(CHANNELS.exportStudyFigure, req),
};

contextBridge.exposeInMainWorld('gtlab', api);
