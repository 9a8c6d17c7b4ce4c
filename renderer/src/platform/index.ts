/**
 * The one place the renderer reaches its host: the Electron preload's `window.gtlab` when present,
 * else the browser adapter. Everything else in the renderer imports `platform()` from here.
 */
import type { GtlabApi } from '../../../shared/api/contract.ts';
import { createWebPlatform } from './web.ts';

let api: GtlabApi | null = null;

export function platform(): GtlabApi {
  if (api) return api;
  const injected = (globalThis as { gtlab?: GtlabApi }).gtlab;
  api = injected ?? createWebPlatform();
  return api;
}
