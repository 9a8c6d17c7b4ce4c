/** The narrow API the sandboxed renderer gets: exactly the contract in shared/api, nothing else. */
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS, type GtlabApi } from '../../shared/api/contract.ts';

const api: GtlabApi = {
  appInfo: () => ipcRenderer.invoke(CHANNELS.appInfo),
};

contextBridge.exposeInMainWorld('gtlab', api);
